// A load test: concurrent clients mixing quick solves (checked against the
// judge's answers), expensive solves (stopped by their time limit: 422),
// bad requests (400, 415, 405), slow clients (trickling heads, cut off at
// the deadline) and jobs (started and polled to the end), against one
// server on loopback for a bounded time. Every reply must be the expected
// one; the figures (requests, errors, p50/p99 of the quick solves) are
// printed. No timing is asserted.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "samples.hpp"
#include "server_fixture.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::server {
namespace {

using nlohmann::json;
using testing::all_samples;
using testing::hard_footholds;
using testing::RunningServer;
using testing::Sample;
using Clock = std::chrono::steady_clock;

// The samples, smallest input first.
std::vector<Sample> samples() {
  std::vector<Sample> all = all_samples();
  std::sort(all.begin(), all.end(), [](const Sample& a, const Sample& b) { return a.input.size() < b.input.size(); });
  return all;
}

// What every client records.
struct Tally {
  std::mutex mutex;
  std::atomic<int> requests{0};
  std::vector<std::string> failures;  // what went wrong, for the report
  std::vector<double> quick_ms;       // latency of the quick solves

  void fail(std::string what) {
    const std::lock_guard lock(mutex);
    if (failures.size() < 20)
      failures.push_back(std::move(what));
    else
      failures.back() = "... and more";
  }
};

TEST(ServerLoad, MixedClientsGetOnlyRightAnswers) {
  ServerConfig config;
  config.request_deadline_seconds = 2;  // so that slow clients are cut within the run
  RunningServer server(config);
  const std::vector<Sample> all = samples();
  ASSERT_FALSE(all.empty());
  const auto run_for = std::chrono::seconds(boardsearch::testing::sanitized() ? 4 : 8);
  const auto end = Clock::now() + run_for;
  Tally tally;
  std::vector<std::thread> clients;

  // Quick solvers: every sample in turn, answer checked byte for byte.
  for (int c = 0; c < 6; ++c)
    clients.emplace_back([&, c] {
      httplib::Client client = server.client();
      for (std::size_t i = static_cast<std::size_t>(c); Clock::now() < end; ++i) {
        const Sample& sample = all[i % all.size()];
        const auto started = Clock::now();
        auto reply = client.Post(
            "/api/solve", json{{"puzzle", sample.puzzle}, {"input", sample.input}, {"options", sample.options}}.dump(),
            "application/json");
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
        ++tally.requests;
        if (!reply) {
          tally.fail("quick solve: " + httplib::to_string(reply.error()));
          continue;
        }
        const json body = json::parse(reply->body, nullptr, false);
        if (reply->status != 200 || !body.is_object() || body.value("answer", "") != sample.output) {
          tally.fail(fmt::format("quick solve {}: {} {}", sample.puzzle, reply->status, reply->body.substr(0, 200)));
          continue;
        }
        const std::lock_guard lock(tally.mutex);
        tally.quick_ms.push_back(ms);
      }
    });
  // Expensive solves: stopped by their own time limit.
  for (int c = 0; c < 2; ++c)
    clients.emplace_back([&] {
      httplib::Client client = server.client();
      while (Clock::now() < end) {
        auto reply = client.Post(
            "/api/solve",
            json{{"puzzle", "footholds"}, {"input", hard_footholds()}, {"limits", {{"time_limit", 0.5}}}}.dump(),
            "application/json");
        ++tally.requests;
        if (!reply || reply->status != 422 || reply->body.find("time limit") == std::string::npos)
          tally.fail("expensive solve: " + (reply ? std::to_string(reply->status) + " " + reply->body.substr(0, 200)
                                                  : httplib::to_string(reply.error())));
      }
    });
  // Bad requests: each answered with its own status.
  clients.emplace_back([&] {
    httplib::Client client = server.client();
    for (int i = 0; Clock::now() < end; ++i) {
      const int kind = i % 4;
      const int expected = kind == 1 ? 415 : kind == 2 ? 405 : 400;
      httplib::Result reply =
          kind == 0   ? client.Post("/api/solve", "{bad", "application/json")
          : kind == 1 ? client.Post("/api/solve", R"({"puzzle": "yut", "input": "1 2 3\n"})", "text/plain")
          : kind == 2
              ? client.Get("/api/solve")
              : client.Post("/api/solve", R"({"puzzle": "2048", "input": "2\n2 3\n4 4\n"})", "application/json");
      ++tally.requests;
      if (!reply || reply->status != expected)
        tally.fail(fmt::format("bad request {}: expected {}, got {}", i % 4, expected, reply ? reply->status : -1));
    }
  });
  // Slow clients: a header line every 300 ms, never finishing; the server
  // cuts each at its deadline (408) and they start over.
  std::atomic<int> slow_cut{0};
  for (int c = 0; c < 16; ++c)
    clients.emplace_back([&] {
      while (Clock::now() < end) {
        const int sock = testing::connect_to(server.port(), 10);
        if (sock < 0) {
          tally.fail("slow client: cannot connect");
          return;
        }
        testing::send_all(sock, "GET /api/puzzles HTTP/1.1\r\n");
        std::atomic<bool> done{false};
        std::thread trickle([&] {
          for (int line = 0; !done.load() && Clock::now() < end + std::chrono::seconds(5); ++line) {
            if (!testing::send_all(sock, fmt::format("X-{}: {}\r\n", line, line))) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
          }
        });
        const std::string received = testing::receive_all(sock);
        done = true;
        trickle.join();
        ::close(sock);
        if (testing::status_of(received) == 408)
          ++slow_cut;
        else if (Clock::now() < end)
          tally.fail("slow client: " + received.substr(0, 100));
      }
    });
  // Jobs: started, polled to the end, the answer checked.
  clients.emplace_back([&] {
    httplib::Client client = server.client();
    for (std::size_t i = 0; Clock::now() < end; ++i) {
      const Sample& sample = all[i % all.size()];
      auto started = client.Post(
          "/api/jobs", json{{"puzzle", sample.puzzle}, {"input", sample.input}, {"options", sample.options}}.dump(),
          "application/json");
      ++tally.requests;
      if (!started || (started->status != 202 && started->status != 503)) {
        tally.fail("job start: " + (started ? std::to_string(started->status) : httplib::to_string(started.error())));
        continue;
      }
      if (started->status == 503) continue;  // every job slot taken: allowed under load
      const std::string id = json::parse(started->body).at("job");
      for (int poll = 0; poll < 2000; ++poll) {
        auto state = client.Get(("/api/jobs/" + id).c_str());
        ++tally.requests;
        if (!state || state->status != 200) {
          tally.fail("job poll: " + (state ? std::to_string(state->status) : httplib::to_string(state.error())));
          break;
        }
        const json body = json::parse(state->body);
        if (body.at("state") == "done") {
          if (body.at("status") != 200 || body.at("result").at("answer") != sample.output)
            tally.fail("job result: " + state->body.substr(0, 200));
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    }
  });
  for (std::thread& t : clients) t.join();

  std::sort(tally.quick_ms.begin(), tally.quick_ms.end());
  const auto percentile = [&](double p) {
    if (tally.quick_ms.empty()) return 0.0;
    return tally.quick_ms[std::min(tally.quick_ms.size() - 1, static_cast<std::size_t>(p * tally.quick_ms.size()))];
  };
  std::printf(
      "load: %d requests in %lld s, %zu errors; quick solves: %zu, p50 %.1f ms, p99 %.1f ms; "
      "slow clients cut at the deadline: %d\n",
      tally.requests.load(), static_cast<long long>(run_for.count()), tally.failures.size(), tally.quick_ms.size(),
      percentile(0.50), percentile(0.99), slow_cut.load());
  for (const std::string& failure : tally.failures) ADD_FAILURE() << failure;
  EXPECT_GT(tally.quick_ms.size(), 0u);
  EXPECT_GT(slow_cut.load(), 0) << "the slow clients were cut by the deadline";
}

}  // namespace
}  // namespace boardsearch::server
