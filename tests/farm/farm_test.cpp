#include "boardsearch/farm/farm.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "farm/checkpoint.hpp"

namespace boardsearch::farm {
namespace {

// Task i's result: i^2 in decimal.
Job square_job(std::size_t tasks, std::string problem = "squares") {
  return Job{std::move(problem), "one number a task", tasks,
             [](std::size_t i) { return count_text(static_cast<Count>(i) * i); }};
}

Count sum_of(const Outcome& outcome) {
  Count sum = 0;
  for (const auto& result : outcome.results)
    if (result) sum += read_count(*result);
  return sum;
}

Count sum_of_squares(std::size_t tasks) {
  Count sum = 0;
  for (std::size_t i = 0; i < tasks; ++i) sum += static_cast<Count>(i) * i;
  return sum;
}

// A fresh checkpoint path in the test's temporary folder.
std::string fresh_path(const std::string& name) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("boardsearch_farm_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove(path);
  return path.string();
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Farm, EveryTaskRunsOnceOnOneOrSeveralThreads) {
  for (const std::size_t threads : {1, 2, 4}) {
    const Outcome outcome = run(square_job(1000), Settings{"", threads, 0, false});
    EXPECT_TRUE(outcome.complete);
    EXPECT_EQ(outcome.ran, 1000u);
    EXPECT_EQ(sum_of(outcome), sum_of_squares(1000)) << threads;
    for (std::size_t i = 0; i < 1000; ++i) ASSERT_EQ(outcome.results[i], count_text(static_cast<Count>(i) * i));
  }
}

TEST(Farm, StoppedAfterKTasksResumesFromItsCheckpointToTheSameTotal) {
  const std::string path = fresh_path("resume");
  const Outcome stopped = run(square_job(500), Settings{path, 3, 120, false});
  EXPECT_FALSE(stopped.complete);
  EXPECT_EQ(stopped.ran, 120u);
  const Outcome again = run(square_job(500), Settings{path, 2, 100, false});
  EXPECT_EQ(again.resumed, 120u);
  EXPECT_EQ(again.ran, 100u);
  const Outcome rest = run(square_job(500), Settings{path, 2, 0, false});
  EXPECT_EQ(rest.resumed, 220u);
  EXPECT_EQ(rest.ran, 280u);
  EXPECT_TRUE(rest.complete);
  EXPECT_EQ(sum_of(rest), sum_of_squares(500));
  // A finished checkpoint runs nothing more.
  const Outcome done = run(square_job(500), Settings{path, 2, 0, false});
  EXPECT_EQ(done.ran, 0u);
  EXPECT_EQ(sum_of(done), sum_of_squares(500));
  std::filesystem::remove(path);
}

TEST(Farm, ALastLineCutShortByAKillIsDroppedAndRunAgain) {
  const std::string path = fresh_path("cut");
  run(square_job(50), Settings{path, 1, 10, false});
  const std::string text = file_text(path);
  std::ofstream(path, std::ios::trunc) << text.substr(0, text.size() - 4);  // the last line loses its end
  const Outcome rest = run(square_job(50), Settings{path, 1, 0, false});
  EXPECT_EQ(rest.resumed, 9u);
  EXPECT_EQ(sum_of(rest), sum_of_squares(50));
  std::filesystem::remove(path);
}

// Runs the 50-task job on `text` as its checkpoint; the CheckpointError's message.
std::string refusal(const std::string& text, const Job& job = square_job(50)) {
  const std::string path = fresh_path("refused");
  std::ofstream(path) << text;
  std::string message;
  try {
    run(job, Settings{path, 2, 0, false});
  } catch (const CheckpointError& error) {
    message = error.what();
  }
  std::filesystem::remove(path);
  return message;
}

TEST(Farm, AForeignOrDamagedCheckpointIsRefusedNeverMixedIn) {
  const std::string path = fresh_path("good");
  run(square_job(50), Settings{path, 1, 20, false});
  const std::string good = file_text(path);
  std::filesystem::remove(path);
  ASSERT_EQ(refusal(good), "");

  // Another problem, another split, another number of tasks, another format.
  EXPECT_NE(refusal(good, square_job(50, "cubes")).find("another job's (line 3"), std::string::npos);
  EXPECT_NE(refusal(good, square_job(51)).find("another job's (line 5"), std::string::npos);
  std::string other_format = good;
  other_format.replace(other_format.find("format 1"), 8, "format 9");
  EXPECT_NE(refusal(other_format).find("this build reads 'format 1'"), std::string::npos);
  EXPECT_NE(refusal("hello\n").find("not a boardsearch farm checkpoint"), std::string::npos);

  // A changed result (the checksum), a task beyond the job, two results for one task.
  const std::size_t line = good.find("\n7 49 ");
  ASSERT_NE(line, std::string::npos);
  std::string changed = good;
  changed[line + 4] = '8';
  EXPECT_NE(refusal(changed).find("corrupted: line"), std::string::npos);
  EXPECT_NE(refusal(changed).find("fails its checksum"), std::string::npos);
  EXPECT_NE(refusal(good + "75 5625 00000000\n").find("fails its checksum"), std::string::npos);
  const auto line_of = [](const std::string& body) { return body + " " + checksum(body) + "\n"; };
  EXPECT_NE(refusal(good + line_of("75 5625")).find("names task 75, beyond the job's 50 tasks"), std::string::npos);
  EXPECT_NE(refusal(good + line_of("7 50")).find("gives task 7 a second, different result"), std::string::npos);
  EXPECT_EQ(refusal(good + line_of("7 49")), "");  // the same result twice is harmless
}

TEST(Farm, CountsReadBackExactlyPast64Bits) {
  const Count big = (static_cast<Count>(1) << 100) + 12345;
  EXPECT_EQ(read_count(count_text(big)), big);
  EXPECT_EQ(count_text(0), "0");
  EXPECT_THROW(read_count("12a"), std::invalid_argument);
  EXPECT_THROW(read_count("999999999999999999999999999999999999999"), std::invalid_argument);
}

}  // namespace
}  // namespace boardsearch::farm
