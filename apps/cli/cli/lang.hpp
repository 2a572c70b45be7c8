#pragma once
// The CLI's language: lang_from_env() (LC_ALL, LC_MESSAGES, LANG), or
// --lang ko|en, which main() reads before anything else is parsed, so usage
// errors are worded in it too. Every text the CLI prints for people is
// worded in it; the judge answer never changes with it.

#include "boardsearch/app/messages.hpp"

namespace boardsearch::cli {

inline app::Lang user_lang = app::Lang::en;  // set once by main() before any command runs

// `message` worded in the user's language.
inline std::string say(const app::Message& message) { return app::text(user_lang, message); }

}  // namespace boardsearch::cli
