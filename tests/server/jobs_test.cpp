// Jobs (docs/api.md): a solve in the background with progress, result and
// cancel, against a real server; "strict" in solve bodies.

#include "server/jobs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include "boardsearch/app/puzzle.hpp"
#include "samples.hpp"
#include "server_fixture.hpp"
#include "support/read_file.hpp"

namespace boardsearch::server {
namespace {

using nlohmann::json;
using testing::get;
using testing::hard_footholds;
using testing::post;
using testing::Reply;
using testing::RunningServer;

// A time budget no solve here reaches: only a cancel ends the solve.
constexpr double kLongSeconds = 600.0;

std::string start_job(const RunningServer& server, const json& request) {
  const Reply started = post(server, "/api/jobs", request.dump());
  EXPECT_EQ(started.status, 202) << started.body.dump();
  EXPECT_EQ(started.body.at("state"), "running");
  return started.body.at("job");
}

// Polls every 50 ms until the job is done (at most `polls` times).
json poll_until_done(const RunningServer& server, const std::string& id, int polls = 1200) {
  json last;
  for (int i = 0; i < polls; ++i) {
    const Reply reply = get(server, "/api/jobs/" + id);
    EXPECT_EQ(reply.status, 200) << reply.body.dump();
    last = reply.body;
    if (last.at("state") == "done") return last;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return last;
}

TEST(ServerJobs, AJobEndsWithTheReplyOfSolve) {
  RunningServer server;
  const std::string input =
      boardsearch::testing::read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "2048" / "01.in");
  const json request = {{"puzzle", "2048"}, {"input", input}};
  const std::string id = start_job(server, request);
  EXPECT_EQ(id.size(), 32u) << "128 random bits in hex";
  const json done = poll_until_done(server, id);
  ASSERT_EQ(done.at("state"), "done");
  EXPECT_EQ(done.at("status"), 200);
  const Reply direct = testing::solve(server, request);
  EXPECT_EQ(done.at("result").at("answer"), direct.body.at("answer"));
  EXPECT_EQ(done.at("result").at("line"), direct.body.at("line"));
  // A bad request is refused at once, as by /api/solve; bad puzzle input
  // ends the job with the status /api/solve gives.
  EXPECT_EQ(post(server, "/api/jobs", R"({"puzzle": "chess", "input": ""})").status, 400);
  const json bad = poll_until_done(server, start_job(server, {{"puzzle", "2048"}, {"input", "2\n2 3\n4 4\n"}}));
  EXPECT_EQ(bad.at("status"), 400);
  EXPECT_TRUE(bad.at("result").at("error").is_string());
  EXPECT_EQ(get(server, "/api/jobs/0123456789abcdef0123456789abcdef").status, 404);
  EXPECT_EQ(get(server, "/api/jobs/" + id + "x").status, 404);
}

// A job that waits for a free worker gets its whole time limit once it
// runs: the deadline starts with the search, not at the request. The
// executor here holds the task for longer than the limit before running it;
// had the deadline been set at the request, the solve would stop at once
// with 422 "time limit". The sample solves in milliseconds even under the
// sanitizers, far inside its one second.
TEST(ServerJobs, AJobWaitingForAWorkerKeepsItsTimeLimit) {
  std::function<void()> held;
  JobRegistry jobs(1, [&held](std::function<void()> task) {
    held = std::move(task);
    return true;
  });
  const std::string input =
      boardsearch::testing::read_file(std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / "footholds" / "03.in");
  constexpr double kLimitSeconds = 1.0;
  const ApiResponse started =
      jobs.start(json{{"puzzle", "footholds"}, {"input", input}}.dump(), Budget{0, kLimitSeconds, 0}, app::Lang::en);
  ASSERT_EQ(started.status, 202) << started.body.dump();
  ASSERT_TRUE(held);
  std::this_thread::sleep_for(std::chrono::duration<double>(1.5 * kLimitSeconds));
  held();
  const ApiResponse done = jobs.poll(started.body.at("job").get<std::string>(), app::Lang::en);
  ASSERT_EQ(done.body.at("state"), "done") << done.body.dump();
  EXPECT_EQ(done.body.at("status"), 200) << done.body.dump();
}

TEST(ServerJobs, ARunningJobReportsProgressAndStopsWhenCancelled) {
  ServerConfig config;
  config.budget = {0, kLongSeconds, 0};  // only the cancel can end it
  RunningServer server(config);
  const std::string id = start_job(server, {{"puzzle", "footholds"}, {"input", hard_footholds()}});
  // Progress comes about every 250 ms; wait for a report with nodes (at
  // most a minute: a net for a hang, not a verdict).
  json running;
  for (int i = 0; i < 1200; ++i) {
    running = get(server, "/api/jobs/" + id).body;
    if (running.at("state") != "running" || running.at("progress").at("nodes").get<std::uint64_t>() > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(running.at("state"), "running") << running.dump();
  EXPECT_GT(running.at("progress").at("nodes").get<std::uint64_t>(), 0u);
  EXPECT_TRUE(running.at("progress").at("elapsed_ms").is_number_unsigned());
  EXPECT_TRUE(running.at("progress").at("known").is_string());
  httplib::Client client = server.client();
  auto cancelled = client.Delete(("/api/jobs/" + id).c_str());
  ASSERT_TRUE(cancelled);
  EXPECT_EQ(cancelled->status, 200);
  EXPECT_EQ(json::parse(cancelled->body).at("state"), "cancelling");
  const json done = poll_until_done(server, id);  // at most a minute: far less than the budget
  ASSERT_EQ(done.at("state"), "done") << done.dump();
  EXPECT_EQ(done.at("status"), 422);
  EXPECT_NE(done.at("result").at("error").get<std::string>().find("cancelled"), std::string::npos) << done.dump();
}

TEST(ServerJobs, NoMoreJobsRunThanWorkers) {
  ServerConfig config;
  config.workers = 1;
  config.budget = {0, kLongSeconds, 0};
  auto server = std::make_unique<RunningServer>(config);
  const std::string id = start_job(*server, {{"puzzle", "footholds"}, {"input", hard_footholds()}});
  const Reply refused = post(*server, "/api/jobs", json{{"puzzle", "yut"}, {"input", "1 2 3\n"}}.dump());
  EXPECT_EQ(refused.status, 503) << refused.body.dump();
  // Stopping the server cancels the running job: run() returns (the
  // destructor joins it) long before the budget.
  const auto started = std::chrono::steady_clock::now();
  server.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(60));
}

// "strict": true adds the puzzle's check_strict before the solve; without
// it the generalizations stay accepted.
TEST(ServerJobs, StrictCallsThePuzzlesCheck) {
  RunningServer server;
  int checked = 0;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    const std::filesystem::path folder = std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / std::string(puzzle->name);
    const std::string input = boardsearch::testing::read_file(folder / "01.in");
    SCOPED_TRACE(puzzle->name);
    std::string expected_error;
    if (puzzle->check_strict != nullptr) {
      try {
        puzzle->check_strict(input, {});
      } catch (const app::InputError& e) {
        expected_error = e.what();
      }
      ++checked;
    }
    const Reply reply = testing::solve(server, {{"puzzle", puzzle->name}, {"input", input}, {"strict", true}});
    if (expected_error.empty()) {
      EXPECT_EQ(reply.status, 200) << reply.body.dump();
    } else {
      EXPECT_EQ(reply.status, 400);
      EXPECT_EQ(reply.body.at("error"), expected_error);
    }
  }
  // A 2048 board above the judge's N <= 20, where 2048 has a strict check.
  const app::Puzzle& p2048 = *app::find_puzzle("2048");
  if (p2048.check_strict != nullptr) {
    std::string big = "21\n";
    for (int r = 0; r < 21; ++r) {
      for (int c = 0; c < 21; ++c) big += c == 0 ? "2" : " 0";
      big += '\n';
    }
    const Reply lax = testing::solve(server, {{"puzzle", "2048"}, {"input", big}, {"options", {{"moves", 1}}}});
    EXPECT_EQ(lax.status, 200);
    const Reply strict =
        testing::solve(server, {{"puzzle", "2048"}, {"input", big}, {"options", {{"moves", 1}}}, {"strict", true}});
    EXPECT_EQ(strict.status, 400) << strict.body.dump();
  }
  EXPECT_EQ(testing::solve(server, {{"puzzle", "yut"}, {"input", "1 2 3\n"}, {"strict", "yes"}}).status, 400);
  RecordProperty("puzzles_with_strict_checks", checked);
}

}  // namespace
}  // namespace boardsearch::server
