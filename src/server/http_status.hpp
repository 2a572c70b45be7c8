#pragma once
// HTTP status codes the server answers with, and their reason phrases.
// Shared by the request reader (which refuses what it cannot frame) and the
// API (api.hpp); neither needs the other for them.

#include <string_view>

namespace boardsearch::server {

constexpr int kStatusOk = 200;
constexpr int kStatusAccepted = 202;    // a job started (POST /api/jobs)
constexpr int kStatusBadRequest = 400;  // malformed JSON, bad fields, bad puzzle input
constexpr int kStatusForbidden = 403;   // a Host or Origin that is not this server's
constexpr int kStatusNotFound = 404;
constexpr int kStatusMethodNotAllowed = 405;      // a known route, another method (with Allow)
constexpr int kStatusRequestTimeout = 408;        // the request was not read whole in time
constexpr int kStatusLengthRequired = 411;        // a body with neither Content-Length nor chunked framing
constexpr int kStatusPayloadTooLarge = 413;       // body over the server's cap
constexpr int kStatusUriTooLong = 414;            // request line over the cap
constexpr int kStatusUnsupportedMediaType = 415;  // a POST body not declared application/json
constexpr int kStatusUnprocessable = 422;         // the search budget ran out before a proof
constexpr int kStatusHeadersTooLarge = 431;       // too many or too long header lines
constexpr int kStatusInternalError = 500;
constexpr int kStatusUnavailable = 503;  // every solve slot or job slot taken

// The reason phrase of a status the request reader refuses with ("Error"
// for the others: httplib writes the status line of every other reply).
constexpr std::string_view reason_phrase(int status) {
  switch (status) {
    case kStatusBadRequest:
      return "Bad Request";
    case kStatusRequestTimeout:
      return "Request Timeout";
    case kStatusLengthRequired:
      return "Length Required";
    case kStatusPayloadTooLarge:
      return "Payload Too Large";
    case kStatusUriTooLong:
      return "URI Too Long";
    case kStatusHeadersTooLarge:
      return "Request Header Fields Too Large";
    case kStatusUnavailable:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

}  // namespace boardsearch::server
