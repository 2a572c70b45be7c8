// run_program: stdin/stdout plumbing without deadlocks, exit codes, signals,
// timeouts that kill the whole process group, the memory cap, output caps.

#include "hunt/runner.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

namespace boardsearch::hunt {
namespace {

std::vector<std::string> program(const std::string& mode, const std::string& arg = "") {
  std::vector<std::string> command = {HUNT_TEST_PROGRAMS, mode};
  if (!arg.empty()) command.push_back(arg);
  return command;
}

RunLimits quick_limits() {
  RunLimits limits;
  limits.timeout = std::chrono::milliseconds(300);
  return limits;
}

TEST(Runner, EchoesInputLargerThanAnyPipeBufferWithoutDeadlock) {
  std::string input;
  for (int k = 0; input.size() < (3u << 20); ++k) input += std::to_string(k) + '\n';
  RunLimits limits;
  limits.output_cap = 8u << 20;
  const RunResult result = run_program(program("echo"), input, limits);
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, input);
  EXPECT_FALSE(result.out_truncated);
}

TEST(Runner, ReportsTheExitCode) {
  const RunResult result = run_program(program("exit-3"), "abc", quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(result.out, "3\n");
}

TEST(Runner, ReportsTheSignalOfACrash) {
  const RunResult result = run_program(program("crash"), "1\n", quick_limits());
  EXPECT_EQ(result.ending, Ending::signaled);
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_NE(describe_signal(result.signal).find("SIGSEGV"), std::string::npos);
}

TEST(Runner, TimesOutAProgramThatHangs) {
  const RunResult result = run_program(program("hang"), "1\n", quick_limits());
  EXPECT_EQ(result.ending, Ending::timed_out);
}

// A timeout too long to add to the clock is no deadline, not one in the past:
// 9.3e12 ms is past the end of a nanosecond steady clock (it used to wrap
// around and report every run as timed out at once).
TEST(Runner, ATimeoutBeyondTheClocksRangeIsNoDeadline) {
  for (const std::chrono::milliseconds timeout :
       {std::chrono::milliseconds(9'300'000'000'000), std::chrono::milliseconds::max()}) {
    RunLimits limits;
    limits.timeout = timeout;
    const RunResult result = run_program(program("echo"), "7\n", limits);
    EXPECT_EQ(result.ending, Ending::exited) << timeout.count();
    EXPECT_EQ(result.out, "7\n") << timeout.count();
  }
}

TEST(Runner, TimesOutAProgramThatNeverReadsALargeInput) {
  const std::string input(4u << 20, '1');
  const RunResult result = run_program(program("hang-without-reading"), input, quick_limits());
  EXPECT_EQ(result.ending, Ending::timed_out);
}

TEST(Runner, SurvivesAProgramThatExitsWithoutReadingItsInput) {
  const std::string input(4u << 20, '1');
  const RunResult result = run_program(program("ignore-input"), input, quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.out, "0\n");
}

TEST(Runner, CapsTheOutputItKeeps) {
  RunLimits limits = quick_limits();
  limits.timeout = std::chrono::milliseconds(5000);
  limits.output_cap = 1000;
  const RunResult result = run_program(program("flood"), "", limits);
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.out.size(), 1000u);
  EXPECT_TRUE(result.out_truncated);
}

TEST(Runner, CapsMemory) {
  RunLimits limits;
  limits.timeout = std::chrono::milliseconds(20000);
  limits.memory_bytes = std::uint64_t{256} << 20;
  const RunResult result = run_program(program("memory-hog"), "1\n", limits);
  // std::bad_alloc escapes main: std::terminate, SIGABRT.
  EXPECT_EQ(result.ending, Ending::signaled);
  EXPECT_EQ(result.signal, SIGABRT);
}

// True while `pid` is alive (a zombie waiting for a reaper counts as dead).
bool alive(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z' && text[paren + 2] != 'X';
}

TEST(Runner, KillsTheWholeProcessGroupOnTimeout) {
  const auto pid_file = std::filesystem::temp_directory_path() / ("hunt_runner_" + std::to_string(::getpid()));
  const RunResult result = run_program(program("fork-and-hang", pid_file.string()), "", quick_limits());
  EXPECT_EQ(result.ending, Ending::timed_out);
  long child = 0;
  std::ifstream(pid_file) >> child;
  std::filesystem::remove(pid_file);
  ASSERT_GT(child, 0);
  // SIGKILL is delivered asynchronously; give the kernel a moment to act.
  for (int tries = 0; tries < 100 && alive(child); ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(alive(child));
}

// The pid a test program wrote to `file` (0 if none), the file removed.
long pid_from(const std::filesystem::path& file) {
  long pid = 0;
  std::ifstream(file) >> pid;
  std::filesystem::remove(file);
  return pid;
}

// Whether `pid` is still alive after giving SIGKILL a moment to act.
bool survives(long pid) {
  for (int tries = 0; tries < 100 && alive(pid); ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return alive(pid);
}

std::filesystem::path pid_file(const std::string& tag) {
  return std::filesystem::temp_directory_path() / ("hunt_runner_" + tag + "_" + std::to_string(::getpid()));
}

// A process group kill does not reach a child that called setsid(): the
// whole tree is killed whatever the program does with sessions (#20).
TEST(Runner, KillsAChildInANewSessionAfterTheProgramExits) {
  const auto file = pid_file("setsid");
  const RunResult result = run_program(program("setsid-child", file.string()), "", quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.out, "0\n");
  const long child = pid_from(file);
  ASSERT_GT(child, 0);
  EXPECT_FALSE(survives(child)) << "the setsid child " << child << " outlived its run";
}

TEST(Runner, KillsAChildInANewSessionOnTimeout) {
  const auto file = pid_file("setsid_hang");
  const RunResult result = run_program(program("setsid-child-and-hang", file.string()), "", quick_limits());
  EXPECT_EQ(result.ending, Ending::timed_out);
  const long child = pid_from(file);
  ASSERT_GT(child, 0);
  EXPECT_FALSE(survives(child));
}

TEST(Runner, KillsAChildThatMovesToItsOwnGroupAndExecs) {
  const auto file = pid_file("setpgid");
  const RunResult result = run_program(program("setpgid-exec-sleep", file.string()), "", quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  const long child = pid_from(file);
  ASSERT_GT(child, 0);
  EXPECT_FALSE(survives(child));
}

// `setsid sleep 300 &` from a shell, the case of the reliability issue.
TEST(Runner, KillsASetsidSleepStartedByAShell) {
  const auto file = pid_file("shell");
  const RunResult result =
      run_program({"/bin/sh", "-c", "setsid sleep 300 & echo $! > \"$0\"; echo 1", file.string()}, "", quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  const long child = pid_from(file);
  ASSERT_GT(child, 0);
  EXPECT_FALSE(survives(child));
}

// --memory-mb is the whole tree's: three children of 300 MiB each stay
// under a 400 MiB cap per process, not under 400 MiB together.
TEST(Runner, ChargesTheMemoryOfTheWholeTree) {
  RunLimits limits;
  limits.timeout = std::chrono::milliseconds(20000);
  limits.memory_bytes = std::uint64_t{400} << 20;
  const RunResult result = run_program(program("fork-three-300"), "1\n", limits);
  EXPECT_EQ(result.ending, Ending::memory_exceeded);
  EXPECT_GT(result.peak_memory_bytes, limits.memory_bytes);
}

// The CPU time counts the program's children too (here: a shell's).
TEST(Runner, CountsTheCpuTimeOfTheWholeTree) {
  RunLimits limits;
  limits.timeout = std::chrono::milliseconds(20000);
  const RunResult result =
      run_program({"/bin/sh", "-c", "(i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; echo $i)"}, "", limits);
  EXPECT_EQ(result.out, "50000\n");
  EXPECT_GT(result.cpu.count(), 0);  // the work is all in the subshell, a child of the program
}

TEST(Runner, AMissingProgramIsAStartError) {
  EXPECT_THROW(run_program({"/nonexistent/program"}, "", quick_limits()), StartError);
  EXPECT_THROW(run_program({"no-such-program-in-path-hunt"}, "", quick_limits()), StartError);
  // A file that is not executable.
  const auto plain = std::filesystem::temp_directory_path() / ("hunt_plain_" + std::to_string(::getpid()));
  std::ofstream(plain) << "not a program\n";
  std::filesystem::permissions(plain, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  EXPECT_THROW(run_program({plain.string()}, "", quick_limits()), StartError);
  std::filesystem::remove(plain);
}

TEST(Runner, FindsCommandsInPath) {
  const RunResult result = run_program({"cat"}, "through PATH\n", quick_limits());
  EXPECT_EQ(result.ending, Ending::exited);
  EXPECT_EQ(result.out, "through PATH\n");
}

}  // namespace
}  // namespace boardsearch::hunt
