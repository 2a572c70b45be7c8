// The web app's API through HTTP: an httplib client against a Server started
// in this process on a free loopback port (port 0). Checks the contract of
// docs/api.md: samples, options, errors, budgets, the body cap, parallel
// requests, static files and footholds play.

#include <arpa/inet.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "samples.hpp"
#include "server/server.hpp"
#include "server_fixture.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::server {
namespace {

using nlohmann::json;

using boardsearch::testing::read_file;
namespace sanitizer = boardsearch::testing;

using testing::all_samples;
using testing::post;
using testing::raw_exchange;
using testing::Reply;
using testing::RunningServer;
using testing::Sample;
using testing::solve;

// The server every test shares unless it needs its own budget.
RunningServer& shared_server() {
  static RunningServer server;
  return server;
}

// ---------------------------------------------------------------------------
// Solve.

TEST(ServerApi, EverySampleAnswersExactlyTheJudgeOutputWithAStepwiseLine) {
  const auto samples = all_samples();
  ASSERT_GE(samples.size(), 4u);
  for (const Sample& sample : samples) {
    SCOPED_TRACE(sample.puzzle + "/" + sample.name);
    const Reply reply =
        solve(shared_server(), {{"puzzle", sample.puzzle}, {"input", sample.input}, {"options", sample.options}});
    ASSERT_EQ(reply.status, 200) << reply.body.dump();
    EXPECT_EQ(reply.content_type, "application/json");
    EXPECT_EQ(reply.body.at("answer"), sample.output);
    const json& line = reply.body.at("line");
    ASSERT_TRUE(line.is_array());
    ASSERT_GE(line.size(), 1u);
    EXPECT_TRUE(line[0].at("move").is_null()) << "the line starts at the initial position";
    for (const json& step : line) {
      EXPECT_TRUE(step.at("text").is_string());
      EXPECT_TRUE(step.at("board").is_object());
    }
    EXPECT_TRUE(reply.body.at("stats").at("nodes").is_number_unsigned());
    EXPECT_TRUE(reply.body.at("stats").at("ms").is_number());
  }
}

// The answer is what the puzzle's own solve prints for the same options:
// the options reach the solver.
TEST(ServerApi, OptionsReachTheSolver) {
  struct Case {
    std::string puzzle;
    std::string input;
    json options;
    app::OptionValues direct;
  };
  std::vector<Case> cases;
  for (std::int64_t moves : {0, 1, 2, 3}) {
    app::OptionValues direct;
    direct.set("moves", {moves});
    cases.push_back({"2048", "2\n2 2\n2 2\n", {{"moves", moves}}, direct});
  }
  for (std::int64_t pieces : {1, 2, 3}) {
    app::OptionValues direct;
    direct.set("pieces", {pieces});
    cases.push_back({"yut", "5 5 5 5 5 1 1 1 1 1\n", {{"pieces", pieces}}, direct});
  }
  std::vector<std::string> answers;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.puzzle + " " + c.options.dump());
    const Reply reply = solve(shared_server(), {{"puzzle", c.puzzle}, {"input", c.input}, {"options", c.options}});
    ASSERT_EQ(reply.status, 200) << reply.body.dump();
    const app::SolveReport direct = app::find_puzzle(c.puzzle)->solve({c.input, c.direct, {}});
    EXPECT_EQ(reply.body.at("answer"), direct.answer);
    answers.push_back(reply.body.at("answer"));
  }
  // 2 x 2 board of 2s: 0 moves -> 2, 1 -> 4, 2 -> 8 (and no more after).
  EXPECT_EQ(answers[0], "2\n");
  EXPECT_EQ(answers[1], "4\n");
  EXPECT_EQ(answers[2], "8\n");
}

TEST(ServerApi, MalformedJsonIs400WithAReason) {
  for (const std::string body : {"{bad", "", "[1, 2]", "\"text\"", "{\"puzzle\": \"2048\", \"input\": }"}) {
    SCOPED_TRACE(body);
    const Reply reply = post(shared_server(), "/api/solve", body);
    EXPECT_EQ(reply.status, 400);
    ASSERT_TRUE(reply.body.is_object());
    EXPECT_TRUE(reply.body.at("error").is_string());
    EXPECT_FALSE(reply.body.at("error").get<std::string>().empty());
  }
  EXPECT_NE(post(shared_server(), "/api/solve", "{bad").body.at("error").get<std::string>().find("not valid JSON"),
            std::string::npos);
}

TEST(ServerApi, BadRequestFieldsAre400NamingTheField) {
  const std::vector<std::pair<json, std::string>> cases = {
      {json{{"input", "1\n2\n"}}, "puzzle"},
      {json{{"puzzle", "2048"}}, "input"},
      {json{{"puzzle", "chess"}, {"input", ""}}, "unknown puzzle"},
      {json{{"puzzle", 2048}, {"input", ""}}, "puzzle"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"options", {{"moves", "ten"}}}}, "options.moves"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"options", {{"move", 3}}}}, "unknown option"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"options", 5}}, "options"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"limits", {{"max_nodes", -1}}}}, "limits.max_nodes"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"limits", {{"threads", 0}}}}, "limits.threads"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"limits", {{"threads", -2}}}}, "limits.threads"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"limits", {{"threads", "2"}}}}, "limits.threads"},
      {json{{"puzzle", "2048"}, {"input", "1\n2\n"}, {"limits", {{"threads", 1.5}}}}, "limits.threads"},
  };
  for (const auto& [request, mentioned] : cases) {
    SCOPED_TRACE(request.dump());
    const Reply reply = solve(shared_server(), request);
    EXPECT_EQ(reply.status, 400);
    EXPECT_NE(reply.body.at("error").get<std::string>().find(mentioned), std::string::npos) << reply.body.dump();
  }
}

TEST(ServerApi, BadPuzzleInputIs400WithTheSolversMessage) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"2048", "2\n2 3\n4 4\n"},
      {"tour", "2 2\n.x\n..\n"},
      {"footholds", "1 2\n1 1\n0 0\n0 5\n"},
      {"yut", "1 2 9\n"},
  };
  for (const auto& [puzzle, input] : cases) {
    SCOPED_TRACE(puzzle);
    const Reply reply = solve(shared_server(), {{"puzzle", puzzle}, {"input", input}});
    EXPECT_EQ(reply.status, 400);
    std::string expected;
    try {
      app::find_puzzle(puzzle)->solve({input, {}, {}});
    } catch (const app::InputError& e) {
      expected = e.what();
    }
    ASSERT_FALSE(expected.empty()) << "the solver itself rejects this input";
    EXPECT_EQ(reply.body.at("error"), expected);
  }
}

TEST(ServerApi, InvalidUtf8InInputIsReportedNotCrashed) {
  // Raw bytes that are not UTF-8 cannot even be JSON: 400 from the parser.
  const Reply raw = post(shared_server(), "/api/solve", "{\"puzzle\": \"2048\", \"input\": \"\xff\xfe\"}");
  EXPECT_EQ(raw.status, 400);
}

TEST(ServerApi, OversizedBodyIs413WithAJsonError) {
  const std::string huge_input(kDefaultMaxBodyBytes + 1, '2');
  httplib::Client client = shared_server().client();
  auto reply = client.Post("/api/solve", json{{"puzzle", "2048"}, {"input", huge_input}}.dump(), "application/json");
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 413);
  EXPECT_NE(json::parse(reply->body).at("error").get<std::string>().find("larger than"), std::string::npos);
  // The server still serves after refusing.
  EXPECT_EQ(solve(shared_server(), {{"puzzle", "yut"}, {"input", "1 2 3\n"}}).status, 200);
}

// Largest piece post_chunked sends at a time.
constexpr std::size_t kChunkBytes = 4096;

// Sends `body` with Transfer-Encoding: chunked (no Content-Length), in
// pieces of at most kChunkBytes, as a POST (or a PUT if `put`).
httplib::Result post_chunked(const RunningServer& server, const std::string& path, const std::string& body,
                             bool put = false) {
  httplib::Client client = server.client();
  const auto provider = [&body](std::size_t offset, httplib::DataSink& sink) {
    if (offset < body.size()) {
      const std::size_t length = std::min(kChunkBytes, body.size() - offset);
      return sink.write(body.data() + offset, length);
    }
    sink.done();
    return true;
  };
  return put ? client.Put(path.c_str(), provider, "application/json")
             : client.Post(path.c_str(), provider, "application/json");
}

// A valid yut request whose "input" ends in `padding` blanks (which the yut
// parser accepts), to make a body of a chosen size.
std::string padded_yut_request(std::size_t padding) {
  return json{{"puzzle", "yut"}, {"input", "1 2 3\n" + std::string(padding, ' ')}}.dump();
}

// The cap holds whatever the framing: httplib's set_payload_max_length only
// covers bodies sent with Content-Length.
TEST(ServerApi, ChunkedBodyOverTheCapIs413) {
  const std::string small = padded_yut_request(100);
  auto accepted = post_chunked(shared_server(), "/api/solve", small);
  ASSERT_TRUE(accepted);
  EXPECT_EQ(accepted->status, 200) << "a chunked body under the cap is served: " << accepted->body;

  const std::string large = padded_yut_request(kDefaultMaxBodyBytes);
  ASSERT_GT(large.size(), kDefaultMaxBodyBytes);
  auto refused = post_chunked(shared_server(), "/api/solve", large);
  ASSERT_TRUE(refused) << httplib::to_string(refused.error());
  EXPECT_EQ(refused->status, 413);
  EXPECT_NE(json::parse(refused->body).at("error").get<std::string>().find("larger than"), std::string::npos)
      << refused->body;
  // The same for the play endpoint and for a POST to no route.
  for (const char* path : {"/api/footholds/play", "/api/nothing"}) {
    SCOPED_TRACE(path);
    auto other = post_chunked(shared_server(), path, large);
    ASSERT_TRUE(other);
    EXPECT_EQ(other->status, 413);
  }
  // The server still serves after refusing.
  EXPECT_EQ(solve(shared_server(), {{"puzzle", "yut"}, {"input", "1 2 3\n"}}).status, 200);
}

std::size_t count_replies(const std::string& received) {
  std::size_t replies = 0;
  for (std::size_t at = received.find("HTTP/1.1 "); at != std::string::npos; at = received.find("HTTP/1.1 ", at + 1))
    ++replies;
  return replies;
}

// One reply per connection, whatever the request leaves behind it: bytes
// after a refused or body-less request are never served as a next request.
// A POST with "Transfer-Encoding: identity" (not a framing httplib knows)
// used to be read until the client hung up, so it got no reply here; now it
// is answered 411 at once. The other two cases guard the same rule (this
// httplib build already answered them once).
TEST(ServerApi, NothingAfterTheFirstRequestOnAConnectionIsServed) {
  const std::string smuggled = "GET /api/puzzles HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string get_with_body = fmt::format(
      "GET /api/puzzles HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n{}", smuggled.size(), smuggled);
  const std::string unframed =
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: identity\r\n\r\n{}" + smuggled;
  const std::string multipart_without_boundary =
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data\r\nContent-Length: " +
      std::to_string(smuggled.size()) + "\r\n\r\n" + smuggled;
  for (const auto& [name, bytes, status] :
       {std::tuple{"GET with a body", get_with_body, 200}, std::tuple{"unframed POST", unframed, 411},
        std::tuple{"multipart without boundary", multipart_without_boundary, 400}}) {
    SCOPED_TRACE(name);
    const std::string received = raw_exchange(shared_server(), bytes);
    EXPECT_EQ(count_replies(received), 1u) << received;
    EXPECT_EQ(received.rfind(fmt::format("HTTP/1.1 {} ", status), 0), 0u) << received;
  }
}

// Methods a route does not take answer a JSON 405 naming the ones it takes
// (it used to be 404), after their bodies are read (and dropped) under the
// same cap as a POST's.
TEST(ServerApi, MethodsARouteDoesNotTakeAre405WithAllow) {
  httplib::Client client = shared_server().client();
  auto put = client.Put("/api/solve", padded_yut_request(10), "application/json");
  ASSERT_TRUE(put);
  EXPECT_EQ(put->status, 405);
  EXPECT_EQ(put->get_header_value("Allow"), "POST");
  EXPECT_TRUE(json::parse(put->body).contains("error"));
  for (const auto& [path, allow] : std::vector<std::pair<std::string, std::string>>{
           {"/api/solve", "POST"}, {"/api/jobs", "POST"}, {"/api/footholds/play", "POST"}}) {
    SCOPED_TRACE(path);
    auto got = client.Get(path.c_str());
    ASSERT_TRUE(got);
    EXPECT_EQ(got->status, 405);
    EXPECT_EQ(got->get_header_value("Allow"), allow);
    EXPECT_NE(json::parse(got->body).at("error").get<std::string>().find("takes " + allow), std::string::npos);
  }
  auto delete_list = client.Delete("/api/puzzles");
  ASSERT_TRUE(delete_list);
  EXPECT_EQ(delete_list->status, 405);
  EXPECT_EQ(delete_list->get_header_value("Allow"), "GET, HEAD");
  auto too_large = client.Put("/api/solve", padded_yut_request(kDefaultMaxBodyBytes), "application/json");
  ASSERT_TRUE(too_large);
  EXPECT_EQ(too_large->status, 413);
  auto chunked = post_chunked(shared_server(), "/api/solve", padded_yut_request(10), true);
  ASSERT_TRUE(chunked);
  EXPECT_EQ(chunked->status, 405);
  auto chunked_too_large = post_chunked(shared_server(), "/api/solve", padded_yut_request(kDefaultMaxBodyBytes), true);
  ASSERT_TRUE(chunked_too_large);
  EXPECT_EQ(chunked_too_large->status, 413);
}

// A body nesting values deeper than any request needs is refused while it is
// parsed, wherever the nesting is (turning it back into text, comparing or
// destroying it would recurse once per level).
TEST(ServerApi, DeeplyNestedJsonIs400) {
  const std::size_t depth = 20'000;  // 40 KB: under the body cap
  const std::string nested = std::string(depth, '[') + std::string(depth, ']');
  const std::vector<std::string> bodies = {
      R"({"puzzle": "yut", "input": "1 2 3\n", "limits": {"max_nodes": )" + nested + "}}",
      R"({"puzzle": "yut", "input": "1 2 3\n", "options": {"board": {"squares": )" + nested + "}}}",
      R"({"board": )" + nested + R"(, "a": [0, 0], "b": [0, 1]})",
  };
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    SCOPED_TRACE(i);
    const Reply reply = post(shared_server(), i < 2 ? "/api/solve" : "/api/footholds/play", bodies[i]);
    EXPECT_EQ(reply.status, 400);
    EXPECT_NE(reply.body.at("error").get<std::string>().find("nested deeper than 64 levels"), std::string::npos)
        << reply.body.dump();
  }
  // 64 levels are fine as far as the parser goes (the field is still wrong).
  const std::string shallow = std::string(60, '[') + std::string(60, ']');
  const Reply reply = post(shared_server(), "/api/solve",
                           R"({"puzzle": "yut", "input": "1 2 3\n", "limits": {"max_nodes": )" + shallow + "}}");
  EXPECT_EQ(reply.status, 400);
  EXPECT_NE(reply.body.at("error").get<std::string>().find("limits.max_nodes"), std::string::npos) << reply.body.dump();
}

// Errors keep a stable code and their parameters beside the text, worded in
// the body's "lang", else Accept-Language, else English; answers never
// change with the language.
TEST(ServerApi, ErrorsAreWordedInTheRequestsLanguageWithCodeAndParams) {
  const json bad = {{"puzzle", "2048"}, {"input", "2\n2 x\n2 2\n"}};
  const Reply english = solve(shared_server(), bad);
  ASSERT_EQ(english.status, 400);
  EXPECT_EQ(english.body.at("code"), "input.not_an_integer");
  EXPECT_EQ(english.body.at("params").at("where").at("params").at("line"), 2);
  EXPECT_EQ(english.body.at("message"), english.body.at("error"));
  EXPECT_NE(english.body.at("message").get<std::string>().find("line 2, field 2"), std::string::npos);
  json korean_request = bad;
  korean_request["lang"] = "ko";
  const Reply korean = solve(shared_server(), korean_request);
  ASSERT_EQ(korean.status, 400);
  EXPECT_EQ(korean.body.at("code"), english.body.at("code"));
  EXPECT_EQ(korean.body.at("params"), english.body.at("params"));
  EXPECT_NE(korean.body.at("message").get<std::string>().find("2번째 줄 2번째 값"), std::string::npos)
      << korean.body.dump();
  // Accept-Language, and the body's "lang" over it.
  httplib::Client client = shared_server().client();
  const httplib::Headers korean_header = {{"Accept-Language", "ko-KR,ko;q=0.9,en;q=0.8"}};
  const Reply by_header =
      testing::to_reply(client.Post("/api/solve", korean_header, bad.dump(), "application/json"), "POST ko");
  EXPECT_NE(by_header.body.at("message").get<std::string>().find("2번째 줄"), std::string::npos);
  json english_request = bad;
  english_request["lang"] = "en";
  const Reply overridden = testing::to_reply(
      client.Post("/api/solve", korean_header, english_request.dump(), "application/json"), "POST en");
  EXPECT_NE(overridden.body.at("message").get<std::string>().find("line 2"), std::string::npos);
  // A "lang" the server does not speak is refused, naming the field.
  json french = bad;
  french["lang"] = "fr";
  EXPECT_EQ(solve(shared_server(), french).body.at("code"), "server.lang_invalid");
  // The answer is the same in both languages; the step texts are not.
  const json good = {{"puzzle", "2048"}, {"input", "2\n2 2\n0 0\n"}, {"lang", "ko"}};
  const Reply solved_ko = solve(shared_server(), good);
  json good_en = good;
  good_en["lang"] = "en";
  const Reply solved_en = solve(shared_server(), good_en);
  ASSERT_EQ(solved_ko.status, 200);
  EXPECT_EQ(solved_ko.body.at("answer"), solved_en.body.at("answer"));
  EXPECT_EQ(solved_ko.body.at("document").at("moves"), solved_en.body.at("document").at("moves"));
  EXPECT_NE(solved_ko.body.at("line").at(0).at("text").get<std::string>().find("가장 큰 타일"), std::string::npos);
  EXPECT_NE(solved_en.body.at("line").at(0).at("text").get<std::string>().find("largest tile"), std::string::npos);
}

// Play words its result in the request's language and gives its message.
TEST(ServerApi, PlayTextIsWordedInTheRequestsLanguage) {
  const Reply korean =
      post(shared_server(), "/api/footholds/play", R"({"board": [[1, 1, 1]], "a": [0, 0], "b": [0, 2], "lang": "ko"})");
  ASSERT_EQ(korean.status, 200) << korean.body.dump();
  EXPECT_NE(korean.body.at("text").get<std::string>().find("승리"), std::string::npos) << korean.body.dump();
  EXPECT_TRUE(korean.body.at("text_message").at("key").get<std::string>().starts_with("footholds.play."));
}

// The catalog the page may share: every key in both languages.
TEST(ServerApi, MessagesServesTheCatalog) {
  const Reply reply = get(shared_server(), "/api/messages");
  ASSERT_EQ(reply.status, 200);
  ASSERT_TRUE(reply.body.contains("input.where_line"));
  EXPECT_EQ(reply.body.at("input.where_line").at("ko"), "{line}번째 줄");
}

// A misspelt top-level field is refused, as in "options" and "limits".
TEST(ServerApi, UnknownTopLevelFieldsAre400NamingThem) {
  const Reply solve_reply =
      solve(shared_server(), {{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"limit", {{"max_nodes", 10}}}});
  EXPECT_EQ(solve_reply.status, 400);
  EXPECT_EQ(solve_reply.body.at("error"),
            "unknown field \"limit\" (known: puzzle, input, options, limits, strict, lang)");
  const Reply play_reply =
      post(shared_server(), "/api/footholds/play", R"({"board": [[1, 1]], "a": [0, 0], "b": [0, 1], "tomove": "B"})");
  EXPECT_EQ(play_reply.status, 400);
  EXPECT_EQ(play_reply.body.at("error"), "unknown field \"tomove\" (known: board, a, b, to_move, limits)");
}

// "lang" (the page sends its language with every request) is taken by
// solves, jobs and play alike, and must name a language the catalog has.
TEST(ServerApi, LanguageFieldIsTakenEverywhere) {
  const Reply solved = solve(shared_server(), {{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"lang", "ko"}});
  EXPECT_EQ(solved.status, 200) << solved.body.dump();
  const Reply played = post(shared_server(), "/api/footholds/play",
                            R"({"board": [[1, 1]], "a": [0, 0], "b": [0, 1], "to_move": "A", "lang": "ko"})");
  EXPECT_EQ(played.status, 200) << played.body.dump();
  const Reply refused = solve(shared_server(), {{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"lang", 1}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body.at("error"), "field \"lang\" must be \"en\" or \"ko\"");
}

// Names the user typed are quoted with control bytes escaped, so that the
// error stays one line (and a NUL does not end it).
TEST(ServerApi, EchoedNamesAreEscaped) {
  const std::string name("ch\ness\0x", 8);
  const std::vector<std::pair<json, std::string>> cases = {
      {json{{"puzzle", name}, {"input", ""}}, "unknown puzzle \"ch\\ness\\x00x\""},
      {json{{"puzzle", "yut"}, {"input", "1 2 3\n"}, {name, 1}}, "unknown field \"ch\\ness\\x00x\""},
      {json{{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"options", {{name, 1}}}}, "unknown option \"ch\\ness\\x00x\""},
      {json{{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"limits", {{name, 1}}}}, "unknown limit \"ch\\ness\\x00x\""},
  };
  for (const auto& [request, expected] : cases) {
    SCOPED_TRACE(expected);
    const Reply reply = solve(shared_server(), request);
    EXPECT_EQ(reply.status, 400);
    const std::string error = reply.body.at("error");
    EXPECT_EQ(error.rfind(expected, 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    EXPECT_EQ(error.find('\0'), std::string::npos);
  }
}

// ---------------------------------------------------------------------------
// Budgets.

// A server budget no solve here reaches: only the server's stop ends it.
constexpr double kEndlessSeconds = 600.0;

std::string full_board_footholds(int side) {
  std::string text = fmt::format("{} {}\n", side, side);
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) text += c == 0 ? "1" : " 1";
    text += '\n';
  }
  return text + fmt::format("0 0\n{} {}\n", side - 1, side - 1);
}

TEST(ServerBudget, NodeBudgetOfTheServerStopsASolveWith422) {
  ServerConfig config;
  config.budget = {1, 0};
  RunningServer server(config);
  const Reply reply = solve(
      server,
      {{"puzzle", "tour"}, {"input", read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "tour" / "01.in")}});
  EXPECT_EQ(reply.status, 422);
  EXPECT_EQ(reply.body.at("reason"), "budget");
  EXPECT_NE(reply.body.at("error").get<std::string>().find("node limit"), std::string::npos) << reply.body.dump();
}

TEST(ServerBudget, RequestMayLowerButNotRaiseTheBudget) {
  const std::string input = read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "footholds" / "01.in");
  const Reply lowered =
      solve(shared_server(), {{"puzzle", "footholds"}, {"input", input}, {"limits", {{"max_nodes", 1}}}});
  EXPECT_EQ(lowered.status, 422);
  EXPECT_NE(lowered.body.at("error").get<std::string>().find("node limit"), std::string::npos);

  ServerConfig config;
  config.budget = {1, 0};
  RunningServer tight(config);
  const Reply raised = solve(tight, {{"puzzle", "footholds"}, {"input", input}, {"limits", {{"max_nodes", 1000000}}}});
  EXPECT_EQ(raised.status, 422) << "a request cannot raise the server's budget";
}

// limits.threads may lower the server's search threads (never raise them);
// stats report the threads that searched: one for a judge-size case, which
// is done before any thread would pay for its start.
TEST(ServerBudget, ThreadsAreReportedAndAJudgeSizeCaseUsesOne) {
  ServerConfig config;
  config.budget.threads = 2;
  RunningServer server(config);
  for (const app::Puzzle* listed : app::all_puzzles()) {
    const std::string puzzle(listed->name);
    SCOPED_TRACE(puzzle);
    const std::filesystem::path first_sample = std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / puzzle / "01.in";
    if (!std::filesystem::exists(first_sample)) continue;  // a puzzle without judge samples
    const std::string input = read_file(first_sample);
    for (const int threads : {1, 2, 64}) {
      const Reply reply = solve(server, {{"puzzle", puzzle}, {"input", input}, {"limits", {{"threads", threads}}}});
      ASSERT_EQ(reply.status, 200) << reply.body.dump();
      EXPECT_EQ(reply.body.at("stats").at("threads"), 1) << reply.body.dump();
    }
  }
}

TEST(ServerBudget, TimeBudgetStopsAHardSolveWith422) {
  ServerConfig config;
  config.budget = {0, 0.2};
  RunningServer server(config);
  const Reply reply = solve(server, {{"puzzle", "footholds"}, {"input", full_board_footholds(11)}});
  EXPECT_EQ(reply.status, 422);
  EXPECT_NE(reply.body.at("error").get<std::string>().find("time limit"), std::string::npos) << reply.body.dump();
}

// Sends a solve that only a stop can end (the full 11 x 11 footholds board
// under a server budget of 600 s) whole on its own connection; returns the
// socket (-1 on failure), on which its reply comes. The request reader hands
// requests over in the order their connections arrived, so once a later
// request is answered this one is with a solve worker (running, or queued
// to run at the stop, which answers it "cancelled").
int send_endless_solve(const RunningServer& server) {
  const std::string body = json{{"puzzle", "footholds"}, {"input", full_board_footholds(11)}}.dump();
  const int sock = testing::connect_to(server.port());
  if (sock >= 0 && !testing::send_all(sock, fmt::format("POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: "
                                                        "application/json\r\nContent-Length: {}\r\n\r\n{}",
                                                        server.host(), body.size(), body))) {
    ::close(sock);
    return -1;
  }
  return sock;
}

// The solve is known handed over by the page request's answer (see
// send_endless_solve); no clock decides.
TEST(ServerBudget, StoppingTheServerCancelsARunningSolve) {
  ServerConfig config;
  config.budget = {0, kEndlessSeconds};
  auto server = std::make_unique<RunningServer>(config);
  const int sock = send_endless_solve(*server);
  ASSERT_GE(sock, 0);
  EXPECT_EQ(testing::get(*server, "/api/puzzles").status, 200);
  server->server().stop();
  const std::string received = testing::receive_all(sock);
  ::close(sock);
  EXPECT_EQ(testing::status_of(received), 422) << received;
  EXPECT_NE(testing::body_of(received).find("cancelled"), std::string::npos) << received;
  server.reset();
}

// ---------------------------------------------------------------------------
// Concurrency.

TEST(ServerConcurrency, ParallelRequestsAllGetTheirOwnAnswers) {
  const auto samples = all_samples();
  constexpr int kClients = 16;
  std::vector<std::thread> clients;
  std::vector<std::string> answers(kClients);
  std::vector<int> statuses(kClients);
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back([&, i] {
      const Sample& sample = samples[static_cast<std::size_t>(i) % samples.size()];
      const Reply reply =
          solve(shared_server(), {{"puzzle", sample.puzzle}, {"input", sample.input}, {"options", sample.options}});
      statuses[static_cast<std::size_t>(i)] = reply.status;
      if (reply.status == 200) answers[static_cast<std::size_t>(i)] = reply.body.at("answer");
    });
  for (auto& client : clients) client.join();
  for (int i = 0; i < kClients; ++i) {
    const Sample& sample = samples[static_cast<std::size_t>(i) % samples.size()];
    EXPECT_EQ(statuses[static_cast<std::size_t>(i)], 200);
    EXPECT_EQ(answers[static_cast<std::size_t>(i)], sample.output) << sample.puzzle << "/" << sample.name;
  }
}

// A long solve occupies one worker; page loads and quick solves sent while it
// runs are answered before it ends. It ends only at the server's stop, once
// the quick requests are answered: no clock decides.
TEST(ServerConcurrency, ALongSolveDoesNotBlockOtherRequests) {
  ServerConfig config;
  config.budget = {0, kEndlessSeconds};
  RunningServer server(config);
  const int slow = send_endless_solve(server);
  ASSERT_GE(slow, 0);
  const auto samples = all_samples();
  for (const Sample& sample : samples) {
    const Reply quick = solve(server, {{"puzzle", sample.puzzle}, {"input", sample.input}});
    EXPECT_EQ(quick.status, 200);
    httplib::Client client = server.client();
    auto page = client.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
  }
  char byte = 0;
  EXPECT_EQ(::recv(slow, &byte, 1, MSG_DONTWAIT), -1) << "the long solve answered before the stop";
  server.server().stop();
  const std::string received = testing::receive_all(slow);
  ::close(slow);
  EXPECT_EQ(testing::status_of(received), 422) << received;
}

TEST(ServerBind, ABusyPortIsAnErrorNotAShare) {
  ServerConfig config;
  config.web_root = BOARDSEARCH_TEST_WEB_ROOT;
  config.port = 0;
  Server first(config);
  ASSERT_TRUE(first.bind());
  config.port = first.port();
  Server second(config);
  EXPECT_FALSE(second.bind());
}

// ---------------------------------------------------------------------------
// Static files and other routes.

TEST(ServerStatic, RootServesTheIndexPage) {
  httplib::Client client = shared_server().client();
  auto reply = client.Get("/");
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(reply->body, read_file(std::filesystem::path(BOARDSEARCH_TEST_WEB_ROOT) / "index.html"));
  auto script = client.Get("/app.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_EQ(script->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
}

TEST(ServerStatic, PathsOutsideTheWebRootAre404) {
  httplib::Client client = shared_server().client();
  for (const char* path :
       {"/../CMakeLists.txt", "/..%2fCMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/puzzles/../../CMakeLists.txt",
        "/puzzles/%2e%2e/%2e%2e/CMakeLists.txt", "/..\\CMakeLists.txt", "/no-such-file.js", "/puzzles", "/.git/config",
        "//etc/passwd", "/%00index.html"}) {
    SCOPED_TRACE(path);
    auto reply = client.Get(path);
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->status, 404);
    EXPECT_EQ(reply->body.find("cmake_minimum_required"), std::string::npos);
  }
}

TEST(ServerStatic, UnknownApiRouteIsAJson404) {
  httplib::Client client = shared_server().client();
  auto reply = client.Get("/api/nothing");
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 404);
  EXPECT_TRUE(json::parse(reply->body).contains("error"));
  auto wrong_method = client.Post("/api/puzzles", "{}", "application/json");
  ASSERT_TRUE(wrong_method);
  EXPECT_EQ(wrong_method->status, 405);
  EXPECT_TRUE(json::parse(wrong_method->body).contains("error"));
}

TEST(ServerStatic, PuzzleListNamesEveryPuzzleAndItsOptions) {
  httplib::Client client = shared_server().client();
  auto reply = client.Get("/api/puzzles");
  ASSERT_TRUE(reply);
  const json listing = json::parse(reply->body).at("puzzles");
  ASSERT_EQ(listing.size(), app::all_puzzles().size());
  for (std::size_t i = 0; i < listing.size(); ++i) {
    const app::Puzzle& puzzle = *app::all_puzzles()[i];
    EXPECT_EQ(listing[i].at("name"), puzzle.name);
    EXPECT_EQ(listing[i].at("title_ko"), puzzle.title_ko);
    EXPECT_EQ(listing[i].at("play"), puzzle.play != nullptr);
    ASSERT_EQ(listing[i].at("judges").size(), puzzle.judges.size());
    for (std::size_t k = 0; k < puzzle.judges.size(); ++k)
      EXPECT_EQ(listing[i].at("judges")[k].at("time_limit_ms"), puzzle.judges[k].time_limit_ms);
    EXPECT_EQ(listing[i].at("judge_limits").size(), puzzle.judge_limits.size());
    const auto& options = listing[i].at("options");
    std::vector<const app::OptionSpec*> listed;  // the command line's own options are not listed
    for (const app::OptionSpec& spec : puzzle.options)
      if (!spec.command_line_only) listed.push_back(&spec);
    ASSERT_EQ(options.size(), listed.size());
    for (std::size_t k = 0; k < options.size(); ++k) {
      EXPECT_EQ(options[k].at("name"), listed[k]->name);
      EXPECT_EQ(options[k].at("kind"), app::to_string(listed[k]->kind));
    }
  }
}

// An option for the command line only (queens --checkpoint writes a file)
// is refused by name, never run.
TEST(ServerApi, CommandLineOnlyOptionsAreRefused) {
  int refused = 0;
  for (const app::Puzzle* puzzle : app::all_puzzles())
    for (const app::OptionSpec& spec : puzzle->options) {
      if (!spec.command_line_only) continue;
      SCOPED_TRACE(std::string(puzzle->name) + " options." + std::string(spec.name));
      const json value = spec.kind == app::OptionKind::integer ? json(1)
                         : spec.kind == app::OptionKind::flag  ? json(true)
                                                               : json("never-written.ck");  // refused before any use
      const Reply reply =
          solve(shared_server(), {{"puzzle", puzzle->name}, {"input", "8\n"}, {"options", {{spec.name, value}}}});
      ASSERT_EQ(reply.status, 400);
      const std::string error = reply.body.at("error");
      EXPECT_NE(error.find("is for the command line only"), std::string::npos) << error;
      ++refused;
    }
  EXPECT_GE(refused, 2) << "queens --checkpoint and --stop-after-tasks are command line only";
}

// An option that the puzzle does not take is refused, naming the puzzles
// that take it (it used to be dropped silently), and so is one no puzzle takes.
TEST(ServerApi, OptionsOfOtherPuzzlesAreRefusedByName) {
  for (const app::Puzzle* puzzle : app::all_puzzles())
    for (const app::Puzzle* other : app::all_puzzles())
      for (const app::OptionSpec& spec : other->options) {
        if (app::find_option(puzzle->options, spec.name) != nullptr) continue;
        SCOPED_TRACE(std::string(puzzle->name) + " options." + std::string(spec.name));
        const Reply reply =
            solve(shared_server(), {{"puzzle", puzzle->name}, {"input", "1\n"}, {"options", {{spec.name, 1}}}});
        ASSERT_EQ(reply.status, 400);
        const std::string error = reply.body.at("error");
        EXPECT_NE(error.find(fmt::format("{} does not take options.{}", puzzle->name, spec.name)), std::string::npos)
            << error;
        EXPECT_NE(error.find(std::string(other->name)), std::string::npos) << error;
      }
}

// Integers are range-checked as what they are: 2^63 and 2^64 - 1 are refused,
// never wrapped to negative numbers.
TEST(ServerApi, HugeOptionIntegersAreRefusedNotWrapped) {
  for (const char* huge : {"9223372036854775808", "18446744073709551615", "1e30", "-1"}) {
    SCOPED_TRACE(huge);
    const Reply reply =
        solve(shared_server(),
              json::parse(std::string(R"({"puzzle": "2048", "input": "1\n2\n", "options": {"moves": )") + huge + "}}"));
    ASSERT_EQ(reply.status, 400);
    EXPECT_NE(reply.body.at("error").get<std::string>().find("options.moves"), std::string::npos);
  }
}

// ---------------------------------------------------------------------------
// Footholds play.

struct Position {
  std::vector<std::vector<int>> board;
  std::array<int, 2> a;
  std::array<int, 2> b;
  char to_move = 'A';
};

// A position on a board of 1..max_side rows and columns, each cell a
// foothold unless random() % gap_one_in == 0, the players on any cells.
Position random_position(std::mt19937& random, unsigned max_side, unsigned gap_one_in) {
  Position p;
  const int rows = 1 + static_cast<int>(random() % max_side);
  const int columns = 1 + static_cast<int>(random() % max_side);
  p.board.assign(static_cast<std::size_t>(rows), std::vector<int>(static_cast<std::size_t>(columns)));
  for (auto& row : p.board)
    for (int& v : row) v = random() % gap_one_in != 0;
  p.a = {static_cast<int>(random() % rows), static_cast<int>(random() % columns)};
  p.b = {static_cast<int>(random() % rows), static_cast<int>(random() % columns)};
  return p;
}

json position_json(const Position& p) {
  return {{"board", p.board}, {"a", p.a}, {"b", p.b}, {"to_move", std::string(1, p.to_move)}};
}

std::string text_form(const Position& p, bool a_first) {
  std::string text = fmt::format("{} {}\n", p.board.size(), p.board[0].size());
  for (const auto& row : p.board) {
    for (std::size_t c = 0; c < row.size(); ++c) text += fmt::format("{}{}", c == 0 ? "" : " ", row[c]);
    text += '\n';
  }
  const auto& first = a_first ? p.a : p.b;
  const auto& second = a_first ? p.b : p.a;
  return text + fmt::format("{} {}\n{} {}\n", first[0], first[1], second[0], second[1]);
}

Position sample_position(const std::string& name) {
  std::istringstream in(read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "footholds" / name));
  Position p;
  std::size_t rows = 0, columns = 0;
  in >> rows >> columns;
  p.board.assign(rows, std::vector<int>(columns));
  for (auto& row : p.board)
    for (int& v : row) in >> v;
  in >> p.a[0] >> p.a[1] >> p.b[0] >> p.b[1];
  return p;
}

// Engine against engine through the play endpoint: each reply's predicted
// moves_left and winner must agree with the next reply (one move fewer, same
// winner), and the game must end exactly when predicted. Returns the number of
// moves played and the winner.
std::pair<long long, std::string> play_out(const RunningServer& server, Position p) {
  const Reply first = post(server, "/api/footholds/play", position_json(p).dump());
  EXPECT_EQ(first.status, 200) << first.body.dump();
  const long long predicted = first.body.at("moves_left");
  const std::string winner = first.body.at("winner");
  long long played = 0;
  Reply reply = first;
  while (!reply.body.at("over").get<bool>()) {
    EXPECT_EQ(reply.body.at("moves_left"), predicted - played);
    EXPECT_EQ(reply.body.at("winner"), winner);
    const json& move = reply.body.at("move");
    EXPECT_EQ(move.at("player"), std::string(1, p.to_move));
    auto& mover = p.to_move == 'A' ? p.a : p.b;
    EXPECT_EQ(move.at("from"), json(mover));
    const std::array<int, 2> to = move.at("to");
    EXPECT_EQ(std::abs(to[0] - mover[0]) + std::abs(to[1] - mover[1]), 1) << "a step to a neighbour";
    EXPECT_EQ(p.board[static_cast<std::size_t>(to[0])][static_cast<std::size_t>(to[1])], 1) << "onto a foothold";
    p.board[static_cast<std::size_t>(mover[0])][static_cast<std::size_t>(mover[1])] = 0;
    mover = to;
    p.to_move = p.to_move == 'A' ? 'B' : 'A';
    ++played;
    if (played > 200) break;
    reply = post(server, "/api/footholds/play", position_json(p).dump());
    EXPECT_EQ(reply.status, 200) << reply.body.dump();
  }
  EXPECT_EQ(played, predicted);
  EXPECT_EQ(reply.body.at("winner"), winner);
  EXPECT_EQ(reply.body.at("moves_left"), 0);
  return {played, winner};
}

TEST(FootholdsPlay, EngineAgainstEngineOnTheSamplesPlaysTheAnswer) {
  for (const char* name : {"01", "02", "03", "04"}) {
    SCOPED_TRACE(name);
    const Position p = sample_position(std::string(name) + ".in");
    const long long expected = std::stoll(
        read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "footholds" / (std::string(name) + ".out")));
    const auto [played, winner] = play_out(shared_server(), p);
    EXPECT_EQ(played, expected);
    EXPECT_EQ(winner, expected % 2 == 1 ? "A" : "B");
  }
}

// With B to move, the endpoint must answer as the solver does for the text
// form with the players swapped: same total, winner by parity from B's side.
TEST(FootholdsPlay, BToMoveMatchesTheSwappedPositionOnRandomBoards) {
  std::mt19937 random(20261130);
  const app::Puzzle& footholds = *app::find_puzzle("footholds");
  const int boards = sanitizer::sanitized() ? 15 : 40;
  for (int i = 0; i < boards; ++i) {
    Position p = random_position(random, 4, 5);
    p.board[static_cast<std::size_t>(p.a[0])][static_cast<std::size_t>(p.a[1])] = 1;
    p.board[static_cast<std::size_t>(p.b[0])][static_cast<std::size_t>(p.b[1])] = 1;
    p.to_move = 'B';
    SCOPED_TRACE(text_form(p, true));
    const std::string swapped = text_form(p, false);
    const long long direct = std::stoll(footholds.solve({swapped, {}, {}}).answer);
    const Reply reply = post(shared_server(), "/api/footholds/play", position_json(p).dump());
    ASSERT_EQ(reply.status, 200) << reply.body.dump();
    EXPECT_EQ(reply.body.at("moves_left"), direct);
    EXPECT_EQ(reply.body.at("winner"), direct % 2 == 1 ? "B" : "A");
    play_out(shared_server(), p);
  }
}

TEST(FootholdsPlay, AMoverWhoseFootholdVanishedHasLost) {
  // A stepped off the cell both stood on: B's foothold is gone, B to move.
  Position p{{{0, 1, 1}}, {0, 1}, {0, 0}, 'B'};
  const Reply reply = post(shared_server(), "/api/footholds/play", position_json(p).dump());
  ASSERT_EQ(reply.status, 200);
  EXPECT_TRUE(reply.body.at("over").get<bool>());
  EXPECT_EQ(reply.body.at("winner"), "A");
  EXPECT_TRUE(reply.body.at("move").is_null());
}

// Faults are named as the request names them (field, player), never by the
// lines of the text form the endpoint builds for the solver, where the
// players are swapped when B is to move.
TEST(FootholdsPlay, APlayerOffAFootholdIsNamedByItsField) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"board": [[1, 1, 0]], "a": [0, 2], "b": [0, 0], "to_move": "B"})",
       "field \"a\": A stands at (0, 2), which has no foothold"},
      {R"({"board": [[1, 1, 0]], "a": [0, 0], "b": [0, 2], "to_move": "A"})",
       "field \"b\": B stands at (0, 2), which has no foothold"},
      {R"({"board": [[1, 1, 0]], "a": [0, 0], "b": [0, 2]})", "field \"b\": B stands at (0, 2), which has no foothold"},
      {R"({"board": [[1, 1]], "a": [0, 0], "b": [1, 0], "to_move": "B"})",
       "field \"b\": B stands at (1, 0), off the 1 x 2 board"},
  };
  for (const auto& [body, expected] : cases) {
    SCOPED_TRACE(body);
    const Reply reply = post(shared_server(), "/api/footholds/play", body);
    EXPECT_EQ(reply.status, 400);
    EXPECT_EQ(reply.body.at("error"), expected);
  }
  // A board larger than the solver takes is refused by field, not by line.
  std::vector<std::vector<int>> wide(9, std::vector<int>(15, 1));
  const Reply big = post(shared_server(), "/api/footholds/play",
                         json{{"board", wide}, {"a", {0, 0}}, {"b", {8, 14}}, {"to_move", "B"}}.dump());
  EXPECT_EQ(big.status, 400);
  EXPECT_EQ(big.body.at("error"), "field \"board\": a 9 x 15 board has 135 cells; at most 128 are supported");
  // Long thin boards up to the solver's 128 cells are played (a side limit of
  // 64 used to refuse 1 x 65 .. 1 x 128, which the CLI solves); 129 are not.
  const Reply thin = post(shared_server(), "/api/footholds/play",
                          json{{"board", {std::vector<int>(128, 1)}}, {"a", {0, 0}}, {"b", {0, 127}}}.dump());
  EXPECT_EQ(thin.status, 200) << thin.body.dump();
  const Reply thinner = post(shared_server(), "/api/footholds/play",
                             json{{"board", {std::vector<int>(129, 1)}}, {"a", {0, 0}}, {"b", {0, 128}}}.dump());
  EXPECT_EQ(thinner.status, 400);
  EXPECT_EQ(thinner.body.at("error"), "field \"board\": a 1 x 129 board has 129 cells; at most 128 are supported");
  std::vector<std::vector<int>> tall(129, std::vector<int>(1, 1));
  const Reply high =
      post(shared_server(), "/api/footholds/play", json{{"board", tall}, {"a", {0, 0}}, {"b", {128, 0}}}.dump());
  EXPECT_EQ(high.body.at("error"), "field \"board\": a 129 x 1 board has 129 cells; at most 128 are supported");
}

// Random positions with players on any cell, footholds or not: every reply
// is a 200 or a 400 that speaks of fields, never of text lines.
TEST(FootholdsPlay, NoErrorSpeaksOfTextLines) {
  std::mt19937 random(1130);
  const int positions = sanitizer::sanitized() ? 100 : 400;
  int refused = 0;
  for (int i = 0; i < positions; ++i) {
    Position p = random_position(random, 3, 2);
    p.to_move = random() % 2 == 0 ? 'A' : 'B';
    SCOPED_TRACE(position_json(p).dump());
    const Reply reply = post(shared_server(), "/api/footholds/play", position_json(p).dump());
    const auto& waiting = p.to_move == 'A' ? p.b : p.a;
    const bool waiting_on_foothold =
        p.board[static_cast<std::size_t>(waiting[0])][static_cast<std::size_t>(waiting[1])];
    EXPECT_EQ(reply.status, waiting_on_foothold ? 200 : 400) << reply.body.dump();
    if (reply.status != 400) continue;
    ++refused;
    const std::string error = reply.body.at("error");
    EXPECT_EQ(error.rfind("field \"", 0), 0u) << error;
    EXPECT_EQ(error.find("line"), std::string::npos) << error;
  }
  EXPECT_GT(refused, 0) << "the random positions must include refused ones";
}

TEST(FootholdsPlay, BadPositionsAre400) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"board": [[1, 1], [1]], "a": [0, 0], "b": [0, 1]})", "row 1"},
      {R"({"board": [[1, 2]], "a": [0, 0], "b": [0, 1]})", "0 or 1"},
      {R"({"board": [[1, 1]], "a": [0, 2], "b": [0, 1]})", "off the"},
      {R"({"board": [[1, 1]], "a": [0, 0], "b": [0, 1], "to_move": "C"})", "to_move"},
      {R"({"board": [], "a": [0, 0], "b": [0, 1]})", "board"},
      {R"({"board": [[1, 1]], "a": [0], "b": [0, 1]})", "[row, column]"},
      {R"({"board": [[1, 1]]})", "\"a\""},
      {R"(nope)", "not valid JSON"},
  };
  for (const auto& [body, mentioned] : cases) {
    SCOPED_TRACE(body);
    const Reply reply = post(shared_server(), "/api/footholds/play", body);
    EXPECT_EQ(reply.status, 400);
    EXPECT_NE(reply.body.at("error").get<std::string>().find(mentioned), std::string::npos) << reply.body.dump();
  }
}

}  // namespace
}  // namespace boardsearch::server
