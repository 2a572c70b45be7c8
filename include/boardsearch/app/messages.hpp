#pragma once
// Every text a user reads, in Korean and English, from one catalog:
// messages/catalog.json (key -> {"en": ..., "ko": ...}), embedded into the
// binary at build time and served as GET /api/messages. A text is a catalog
// key and its parameters (Message); it is worded only where it is shown,
// in the language of that surface:
//   CLI     lang_from_env() (LC_ALL, LC_MESSAGES, LANG), --lang ko|en
//   API     the request's "lang" field, else Accept-Language, else English
//   puzzle  SolveRequest::lang for step texts, explanations and progress;
//           errors are InputError / LimitError carrying a Message
// Placeholders are fmt's named arguments, "{tiles}", formatted by fmt. A
// parameter may itself be a message (worded in the same language) or a list
// of them (joined with ", "). Keys ("area.name") are written in code only as
// string literals in the first argument of msg: tests/app/messages_test.cpp
// checks that every key so written is in the catalog, that every catalog
// key is written somewhere, and that every entry has both languages with the
// same placeholders. docs/architecture.md, "Messages", says how to add one.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::app {

enum class Lang { en, ko };

// "en" or "ko".
std::string_view lang_code(Lang lang);

// The language a locale or language tag names: "ko", "ko-KR",
// "ko_KR.UTF-8" give Korean; "en", "en-US", "C", "POSIX", "C.UTF-8" English;
// anything else nothing.
std::optional<Lang> lang_named(std::string_view name);

// The CLI's language, read by the program itself (no setlocale, so it works
// where no Korean locale is generated): the first of LC_ALL, LC_MESSAGES,
// LANG that is set and not empty, as POSIX orders them; Korean when it starts
// with "ko", English otherwise.
Lang lang_from_env();

// The language an Accept-Language header prefers among Korean and English:
// the range with the highest q (the first on a tie) that names one of them;
// English when none does or the header is empty.
Lang lang_from_accept_language(std::string_view header);

// A text before it is worded: a catalog key and its parameters (a JSON
// object: strings, numbers, nested messages as {"key", "params"}, or arrays
// of these). Kept apart so an API client can word it itself.
struct Message {
  std::string key;
  nlohmann::json params = nlohmann::json::object();
};

// {"key": ..., "params": {...}}: how a Message travels inside JSON (and as a
// parameter of another message).
void to_json(nlohmann::json& out, const Message& message);

// A Message for `key`: a string literal, or a choice between literals
// (count == 1 ? "a.one" : "a.many"), which the catalog test reads in the
// sources.
Message msg(std::string_view key, nlohmann::json params = nlohmann::json::object());

// Text shown as is in every language (a name, a number, text the user
// typed, or English not yet in the catalog): the key "" with "text".
Message verbatim(std::string_view text);

// A direction of the board in words ("left" / "왼쪽"), for step texts; the
// JSON keeps core::to_string's English names.
Message direction_message(core::Direction direction);

// The message worded in `lang`. Never throws for a key or parameter that is
// missing (an error path must still print something): it falls back to the
// English form, then to the key and its parameters as JSON.
std::string text(Lang lang, const Message& message);

// The whole catalog as JSON (key -> {"en", "ko"}), parsed once.
const nlohmann::json& message_catalog();

}  // namespace boardsearch::app
