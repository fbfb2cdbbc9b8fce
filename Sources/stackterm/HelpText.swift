import AppConfig
import AppCore
import Foundation
import Rendering
import TextEngine

/// The longer texts of `--help`: the effective key map, the config file, the exit codes.
enum HelpText {
    /// `stackterm --help`'s discussion: the keys in force (remapped by the config file when one is used).
    static let rootDiscussion: String = {
        let loaded = ConfigLoader.load(explicitPath: configArgument(CommandLine.arguments),
                                       environment: ProcessInfo.processInfo.environment)
        let heading: String
        if let error = loaded.error {
            heading = "Keys (defaults: the config file was ignored: \(error)):"
        } else if loaded.isUsed, let path = loaded.path {
            heading = "Keys (with the config file \(path.path)):"
        } else {
            heading = "Keys:"
        }
        return heading + "\n" + keyLines(loaded.config.keymap()).joined(separator: "\n") + "\n\n" + configAndPrint
    }()

    /// The key list of `--help` for `keymap`, every line at most `width` columns so ArgumentParser never re-wraps one
    /// (it would lose the indent): each command's keys, then its help in a column; keys too wide for the column
    /// take a line of their own, and a long help text wraps under its column.
    static func keyLines(_ keymap: Keymap, width: Int = 79) -> [String] {
        let entries = HelpScreen.entries(for: keymap)
        let column = min(20, entries.map { TextWidth.of($0.keys) }.max() ?? 0)
        let helpIndent = String(repeating: " ", count: 2 + column + 2)
        var lines: [String] = []
        for entry in entries {
            var lead: String
            if TextWidth.of(entry.keys) > column {
                lines += TextWrap.wrap(entry.keys, width: width - 2).map { "  " + $0.text }
                lead = helpIndent
            } else {
                lead = "  " + TextWidth.pad(entry.keys, to: column) + "  "
            }
            for piece in TextWrap.wrap(entry.help, width: width - helpIndent.count) {
                lines.append(lead + piece.text)
                lead = helpIndent
            }
        }
        return lines + [""] + PickerKeys.helpNotes(for: keymap).map { "  " + $0 }
    }

    private static let configAndPrint = """
        Config file: $XDG_CONFIG_HOME/stackterm/config.toml (default ~/.config/stackterm/config.toml) sets \
        site, sort, tagged, page_size, api_key, api_base_url, max_width, store_max_mb, browser_in_terminal, mouse, live, live_url, live_refresh_s, watch_tags, bell, math, client_id, auth_url, [colors] and [keys]; command-line flags win over \
        STACKTERM_API_KEY (and STACKTERM_CLIENT_ID), which win over the file. The browser remembers in the local store the site, sort and tag filter \
        it was left on (used where neither a flag nor the file names them; --tagged '' clears the filter), each site's searches and \
        saved questions. A malformed file is ignored as a whole (the status line says \
        which line); a directory, FIFO, unreadable or over-1 MB file is refused unread (with --config: exit 2). \
        NO_COLOR turns colours off. See `man stackterm`.

        `stackterm URL` opens a question or answer link of any site (…/questions/ID, …/q/ID, …/a/ID) over \
        that site's list; `stackterm search WORDS` (or --search WORDS) starts on the search results. \
        w3m, lynx, elinks and links (or any browser with browser_in_terminal = true) run in the foreground on \
        the terminal; a failed start or a non-zero exit is reported.

        When stdout is not a terminal, use `stackterm print` (see `stackterm print --help`). \
        `stackterm import PATH` loads a site's data dump (.7z archive or extracted folder) into the local store, \
        `stackterm store` shows its sizes per site, vacuums it or forgets a site (see `stackterm import --help`, \
        `stackterm store --help`). `stackterm login` logs in to Stack Exchange (a Stack Apps application's \
        client_id and key needed: `stackterm login` explains), `stackterm whoami` names the user, `stackterm logout` \
        logs out. What the network sent less than five minutes ago (a list page, a thread, its \
        comments) is shown from the store without a request; r always fetches.
        Exit codes: 0 on quitting, 2 on a usage error or without a terminal, 128+n when signal n ends it \
        (SIGTERM 143, SIGHUP 129, SIGINT 130; the terminal is restored first); print mode adds 1, 3 and 4.
        """

    /// `stackterm login --help`'s discussion.
    static let loginDiscussion = """
        Needs a Stack Apps application of your own: its Client Id (client_id in the config file, --client-id or \
        STACKTERM_CLIENT_ID) and its Key (api_key, --api-key or STACKTERM_API_KEY). Without them login prints \
        how to register one and exits with 2.

        login opens Stack Exchange's OAuth dialog (auth_url, --auth-url; default \
        https://stackoverflow.com/oauth/dialog) asking for read_inbox, write_access, no_expiry and private_info, \
        with the browser the o key uses ($BROWSER, else xdg-open, else sensible-browser), and prints its address \
        for a terminal without one. Approve stackterm there; the browser lands on \
        https://stackexchange.com/oauth/login_success#access_token=…: paste that whole address, or the token \
        alone, at the prompt (on a terminal it is not echoed). The token is checked with the API \
        (/access-tokens/{token}, then /me on --site) and kept in $XDG_CONFIG_HOME/stackterm/token (else \
        ~/.config/stackterm/token), a file of mode 0600 that stackterm refuses to read when other users can. \
        It never appears in messages, the store, a child's arguments or environment. Logging in again \
        replaces the earlier login and revokes its token (/apps/{token}/de-authenticate).

        Exit codes: 0 logged in (logged in as NAME on SITE (user ID)); 1 not logged in: declined, a paste \
        without a token, a token the API does not accept, the network (message on stderr); 2 usage error or no \
        application set up; 3 there is no place for the token file (neither XDG_CONFIG_HOME nor HOME set).
        """

    /// `stackterm print --help`'s discussion.
    static let printDiscussion = """
        Plain lines are `score  answers  title  [tags]  link`, with control characters, bidi controls and \
        combining-mark storms removed. With --json, \
        each line is one JSON object: id, title, score, answer_count, is_answered, tags, link, creation_date \
        (ISO 8601), strings exact. Pages are requested only as far as --limit needs and the API has more; a page \
        with no new question ends the run (noted on stderr).

        A thread: --question takes an id or a link (…/questions/ID, …/q/ID, …/a/ID of any site; its site \
        wins over --site) and prints the question and its answers, accepted first, wrapped to --width. \
        --top-answer prints only the linked, else accepted, else top-scored answer; with --search it takes \
        the first relevance result that has answers. With --json: one object, {question, answers}, bodies \
        as the API sent them.

        --inbox prints the logged-in user's inbox (stackterm login), newest first, across sites:         `*  site  type  title  link` (`*` unread, `-` read); with --json one object per item: type, site,         title, is_unread, question_id, answer_id, comment_id, link, creation_date, body. Exit 1 when nobody         is logged in or the login no longer works; 3 when the inbox is empty.

        Exit codes:
          0  questions printed
          1  network or API error (message on stderr)
          2  usage error
          3  no questions matched (or no such question)
          4  throttled, daily quota used up, or pages past 25 without an API key
        """

    /// The value of `--config PATH` or `--config=PATH` in `arguments`, read before ArgumentParser runs (for `--help`).
    static func configArgument(_ arguments: [String]) -> String? {
        optionValue("--config", in: arguments)
    }

    /// The value of `NAME VALUE` or `NAME=VALUE` in `arguments` (the last one given). The root command declares
    /// `--site` and `--config` too and takes them even after a subcommand's name, so a subcommand with options of
    /// those names reads them here.
    static func optionValue(_ name: String, in arguments: [String]) -> String? {
        var value: String?
        for (index, argument) in arguments.enumerated() {
            if argument == name, index + 1 < arguments.count { value = arguments[index + 1] }
            if argument.hasPrefix(name + "=") { value = String(argument.dropFirst(name.count + 1)) }
        }
        return value
    }
}
