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

/// `stackterm`: the browser (the default command) and its `print`, `import`, `store`, `login`, `logout` and `whoami`
/// subcommands; parses and hands over, nothing more (`stackterm URL` and `stackterm search WORDS` are `TargetCommand`'s).
struct StacktermCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stackterm",
            abstract: "Browse Stack Exchange questions and answers in the terminal.",
            usage: """
                stackterm [<options>] [--search <words>]
                  stackterm [<options>] <question-or-answer-url>
                  stackterm [<options>] search <words>...
                  stackterm print [<options>]
                  stackterm import [<options>] <path>
                  stackterm store [<options>]
                  stackterm login [<options>]
                  stackterm logout [<options>]
                  stackterm whoami [<options>]
                """,
            discussion: HelpText.rootDiscussion,
            version: VersionText.line,
            subcommands: [PrintCommand.self, ImportCommand.self, StoreCommand.self, LoginCommand.self, LogoutCommand.self,
                          WhoamiCommand.self])
    }

    @OptionGroup var options: SharedOptions

    @OptionGroup var offlineOption: OfflineOption
    var offline: Bool { offlineOption.offline }

    @OptionGroup var sampleOption: SampleOption

    @OptionGroup var liveOption: LiveOption

    func run() throws {
        try BrowserStart.run(options, .list, offline: offline, sample: sampleOption.sample, live: liveOption)
    }

    /// Parses the command line and runs; usage errors exit with 2 (ArgumentParser's default is 64).
    static func runAsMain() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The subcommands and the root's help and version here; the browser's start (plain, `--search WORDS`, a URL,
        // `search WORDS`) in `TargetCommand`, whose positional argument would swallow the subcommands' names here.
        // The completion scripts (`--generate-completion-script bash|zsh|fish`, scripts/install.sh) are the root's,
        // so that they complete the subcommands.
        if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) {
            parseAndRun(CompletionCommand.self, arguments)
        } else if let first = BrowserStart.firstPositional(arguments) {
            if subcommandNames.contains(first) { parseAndRun(Self.self, arguments, subcommand: subcommand(named: first)) }
        } else if arguments.contains(where: { ["-h", "--help", "--version"].contains($0) }) {
            parseAndRun(Self.self, arguments)
        }
        parseAndRun(TargetCommand.self, arguments)
    }

    /// Parses `arguments` as `command`'s and runs; usage errors exit with 2. A usage error of `subcommand`'s
    /// arguments shows that subcommand's usage, also when the option is one the root shares with it (`--page-size`,
    /// `--site`…: the root's copy checks it first).
    private static func parseAndRun<Root: ParsableCommand>(_ command: Root.Type, _ arguments: [String],
                                                           subcommand: ParsableCommand.Type? = nil) -> Never {
        do {
            var parsed = try Root.parseAsRoot(arguments)
            try parsed.run()
            Foundation.exit(PrintExitCode.success)
        } catch {
            if Root.exitCode(for: error) == .validationFailure {
                if let subcommand, let name = subcommand.configuration.commandName {
                    standardError("Error: " + Root.message(for: error) + "\nUsage: " + Root.usageString(for: subcommand)
                                  + "\n  See '\(Root.configuration.commandName ?? "stackterm") \(name) --help' for more information.")
                } else {
                    standardError(Root.fullMessage(for: error))
                }
                Foundation.exit(PrintExitCode.usage)
            }
            Root.exit(withError: error)
        }
    }

    /// The subcommand called `name`, if any.
    static func subcommand(named name: String) -> ParsableCommand.Type? {
        configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// The words that name a subcommand (ArgumentParser's `help` included), read from the configuration so a new
    /// subcommand is never taken for a URL.
    static let subcommandNames = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])

    /// Writes `line` and a newline to stderr.
    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes `stackterm: sentence` on stderr.
    static func warn(_ sentence: String) {
        standardError("stackterm: " + sentence)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
