import AppConfig
import AppCore
import AppRuntime
import ArgumentParser
import Foundation
import PrintMode
import StackAPI
import StackRetrieval
import StackStore
import TerminalUI

/// `stackterm`: the browser (the default command) and its `print` subcommand; parses and hands over, nothing more.
struct StacktermCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stackterm",
            abstract: "Browse Stack Exchange questions and answers in the terminal.",
            discussion: HelpText.rootDiscussion,
            version: StackTermVersion.current,
            subcommands: [PrintCommand.self, ImportCommand.self])
    }

    @OptionGroup var options: SharedOptions

    @Flag(help: "Make no network request: lists (activity, creation, votes), questions and search come from the local store.")
    var offline = false

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Self.standardError("stackterm: needs a terminal (stdin and stdout must be a TTY); "
                + "for pipes and scripts use `stackterm print` (see `stackterm print --help`).")
            throw ExitCode(PrintExitCode.usage)
        }
        let (loaded, settings) = options.resolve()
        var storeNotice: String?
        var local: LocalDataManager?
        do {
            let store = try Store()
            storeNotice = store.notice
            local = LocalDataManager(store: store)
        } catch {
            storeNotice = "No local store (\(error)): nothing is kept" + (offline ? " and nothing can be shown offline" : "")
        }
        let configuration = RuntimeConfiguration(
            settings: BrowseSettings(site: settings.site, sort: settings.sort, tagged: settings.tagged,
                                     pageSize: settings.pageSize, hasAPIKey: settings.apiKey != nil),
            baseURL: settings.apiBaseURL,
            apiKey: settings.apiKey,
            keymap: settings.keymap,
            startupMessage: [loaded.startupMessage, SitesCache.notice(), storeNotice].compactMap { $0 }.joined(separator: "; ").nilIfEmpty,
            theme: settings.theme,
            maxTextWidth: settings.maxWidth,
            local: local,
            offline: offline)
        MainActor.assumeIsolated {
            AppRunner.run(configuration)
        }
    }

    /// Parses the command line and runs; usage errors exit with 2 (ArgumentParser's default is 64).
    static func runAsMain() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(PrintExitCode.success)
        } catch {
            if exitCode(for: error) == .validationFailure {
                standardError(fullMessage(for: error))
                Foundation.exit(PrintExitCode.usage)
            }
            exit(withError: error)
        }
    }

    /// Writes `line` and a newline to stderr.
    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension String {
    /// nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
