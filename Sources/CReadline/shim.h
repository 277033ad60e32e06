/* GNU readline as DexREPLCore sees it.
 *
 * Swift 6 refuses to read or write mutable C globals, so every readline global a line-mode REPL
 * needs (callback interface, completion, history, its own Ctrl-C handling) gets a `dex_rl_`
 * accessor here. Functions (rl_callback_read_char, add_history, ...) are called directly.
 */
#ifndef DEX_CREADLINE_SHIM_H
#define DEX_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/* Identity and streams. */
static inline void dex_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline FILE *dex_rl_instream(void) { return rl_instream; }
static inline void dex_rl_set_instream(FILE *stream) { rl_instream = stream; }
static inline FILE *dex_rl_outstream(void) { return rl_outstream; }
static inline void dex_rl_set_outstream(FILE *stream) { rl_outstream = stream; }
static inline FILE *dex_rl_stdin(void) { return stdin; }
static inline FILE *dex_rl_stdout(void) { return stdout; }
/* Flushes readline's output stream before something else writes to the same terminal. */
static inline int dex_rl_flush_output(void) { return fflush(rl_outstream ? rl_outstream : stdout); }

/* Signals: dex installs its own SIGINT and SIGWINCH handlers. */
static inline void dex_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline int dex_rl_catch_signals(void) { return rl_catch_signals; }
static inline void dex_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }
static inline int dex_rl_catch_sigwinch(void) { return rl_catch_sigwinch; }

/* The line being edited. */
static inline char *dex_rl_line_buffer(void) { return rl_line_buffer; }
static inline int dex_rl_point(void) { return rl_point; }
static inline void dex_rl_set_point(int value) { rl_point = value; }
static inline int dex_rl_end(void) { return rl_end; }
static inline int dex_rl_done(void) { return rl_done; }
static inline void dex_rl_set_done(int value) { rl_done = value; }
static inline int dex_rl_already_prompted(void) { return rl_already_prompted; }
static inline void dex_rl_set_already_prompted(int value) { rl_already_prompted = value; }
static inline void dex_rl_set_erase_empty_line(int value) { rl_erase_empty_line = value; }

/* Completion. */
static inline void dex_rl_set_attempted_completion_function(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}
static inline void dex_rl_set_completion_entry_function(rl_compentry_func_t *function) {
  rl_completion_entry_function = function;
}
static inline void dex_rl_set_attempted_completion_over(int value) {
  rl_attempted_completion_over = value;
}
static inline int dex_rl_completion_append_character(void) {
  return rl_completion_append_character;
}
static inline void dex_rl_set_completion_append_character(int value) {
  rl_completion_append_character = value;
}
static inline void dex_rl_set_completion_suppress_append(int value) {
  rl_completion_suppress_append = value;
}
/* How a list of several candidates is shown (NULL: readline's own list). */
static inline void dex_rl_set_completion_display_matches_hook(rl_compdisp_func_t *function) {
  rl_completion_display_matches_hook = function;
}
/* The string must outlive readline's use of it (dex passes a copy it never frees). */
static inline void dex_rl_set_completer_word_break_characters(const char *characters) {
  rl_completer_word_break_characters = characters;
}
static inline const char *dex_rl_completer_word_break_characters(void) {
  return rl_completer_word_break_characters;
}
static inline const char *dex_rl_basic_word_break_characters(void) {
  return rl_basic_word_break_characters;
}

/* History. */
static inline int dex_rl_history_length(void) { return history_length; }
static inline int dex_rl_history_base(void) { return history_base; }
static inline int dex_rl_history_max_entries(void) { return history_max_entries; }

#endif /* DEX_CREADLINE_SHIM_H */
