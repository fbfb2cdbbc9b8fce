import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import StackStore

/// `stackterm import PATH`: loads a site's data dump (a .7z archive or an extracted folder) into the local store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a site's data dump (its .7z archive, or an extracted folder of its XML files) into the local store.",
        discussion: """
            PATH is the site's archive as Stack Exchange distributes it (e.g. french.meta.stackexchange.com.7z; zip \
            and tar are read too), read in one streaming pass without extracting it, or a folder holding the \
            site's Posts.xml and, when the dump has them, Users.xml, Tags.xml, Comments.xml and PostLinks.xml. \
            The store is $XDG_DATA_HOME/stackterm/stackterm.sqlite (default ~/.local/share/stackterm/). Progress \
            goes to stderr: one line updated in place on a terminal, else a line per 2,000 rows (fewer when \
            posts are long). Ctrl-C, SIGTERM or SIGHUP stops \
            after the rows being written and says how many are kept (a second signal, or 10 s without an end, stops it \
            at once, keeping the rows of finished batches); a FIFO, socket or device given as the dump (or as one \
            of its files) is refused unopened; running the same command again resumes there, \
            and importing twice changes nothing (an archive and the folder it extracts to count as the same dump). \
            A file cut short (a truncated download) keeps its rows up to the last whole one; an archive cut short \
            says so; a second file of a name already read in an archive is passed over, saying so. One import runs at a \
            time: a second one, or `stackterm store --forget/--vacuum`, waits for it and says so.

            Exit codes: 0 imported, 1 the store, a file or the archive could not be read (message on stderr), \
            2 usage error, 130 interrupted (Ctrl-C), 143 SIGTERM, 129 SIGHUP.
            """)

    @Argument(help: ArgumentHelp("The dump: a .7z archive or an extracted folder.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The site's API name (default: the archive's or folder's name without .7z and "
                               + ".stackexchange.com).", valueName: "name"))
    var site: String?

    func validate() throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("\(path): no such archive or folder")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        // Judged by stat before anything opens it: a FIFO given as the archive would block the import for good.
        let source: DumpSource
        do {
            source = try DumpSource.judge(url)
            try source.precheck()
        } catch {
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(1)
        }
        let site = self.site ?? HelpText.optionValue("--site", in: CommandLine.arguments) ?? Self.siteName(url)
        let meter = ImportMeter(terminal: isatty(STDERR_FILENO) == 1)
        // Signals are caught once the store is open: until then they end the process as usual.
        var caught: InterruptFlag?
        do {
            let opened = try Store(announceUpgrade: StacktermCommand.warn)
            if let refusal = opened.writeRefusal { throw refusal }
            if let recovery = opened.recovery {
                StoreCommand.say(recovery)
            } else if let notice = opened.notice {
                StacktermCommand.standardError("stackterm: " + notice)
            }
            // Never into a damaged file: a quick_check first; damage found moves it aside, and the import goes on
            // into the new store.
            let (store, recovery) = try opened.intactForWriting()
            if let recovery { StoreCommand.say(recovery) }
            let interrupted = InterruptFlag()
            caught = interrupted
            StacktermCommand.standardError("import: \(url.path) as site \(site) into \(store.fileURL.path)")
            let summary = try store.importDump(source, site: site, shouldStop: { interrupted.isSet },
                                               waiting: { StacktermCommand.standardError("import: " + $0) },
                                               progress: { meter.show($0) })
            meter.end()
            let container = if case .folder = source { "folder" } else { "archive" }
            for file in summary.missingFiles { StacktermCommand.standardError("import: \(file) absent from the \(container), skipped") }
            for file in summary.alreadyImported { StacktermCommand.standardError("import: \(file) already imported, unchanged") }
            for entry in summary.ignoredEntries {
                StacktermCommand.standardError("import: \(entry) ignored: the archive holds another file of that name, imported first")
            }
            StacktermCommand.standardError(meter.summary(posts: summary.rowsWritten["Posts.xml"] ?? 0))
            // So that recovery from damage can give the command that imports it again.
            try? store.rememberImportSource(url.path, site: site)
        } catch {
            meter.end()
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(caught?.exitStatus ?? 1)
        }
    }

    /// `french.meta.stackexchange.com.7z` → `french.meta`; `stackoverflow.com-Posts.7z` → `stackoverflow`;
    /// `quantumcomputing` stays.
    static func siteName(_ url: URL) -> String {
        var name = url.lastPathComponent
        for suffix in [".7z", ".zip"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        // Stack Overflow's dump comes as one archive per file: stackoverflow.com-Posts.7z, -Comments.7z…
        if let dash = name.range(of: ".com-", options: .backwards) { name = String(name[..<dash.lowerBound]) + ".com" }
        for suffix in [".stackexchange.com", ".com"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}

/// Set once SIGINT, SIGTERM or SIGHUP arrives (then the import stops after its current batch, keeping what it
/// wrote); read from the import's reading thread. `@unchecked Sendable`: the signal sources (not Sendable) are made
/// in `init` and never touched again.
final class InterruptFlag: @unchecked Sendable {
    private let received = NIOLockedValueBox<Int32?>(nil)
    private let sources: [any DispatchSourceSignal]

    init() {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, [SIGINT, SIGTERM, SIGHUP]) {
            source.setEventHandler { [received, source] in
                // Signals that arrive before the handler runs are counted together in `data`. (The source holding its
                // handler holding it: both live as long as the process.)
                let again = source.data > 1
                let first = received.withLockedValue { held in
                    defer { held = held ?? number }
                    return held == nil
                }
                if first && !again {
                    StacktermCommand.standardError("import: \(Self.name(number)) received, finishing the rows being written… "
                        + "(again to stop at once)")
                    // Whatever the import's threads are doing (a read that never returns, say), it ends.
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracefulSeconds) { Self.stopAtOnce(number) }
                } else {
                    Self.stopAtOnce(number)
                }
            }
            source.resume()
        }
    }

    var isSet: Bool { received.withLockedValue { $0 != nil } }

    /// How long the first signal lets the rows being written finish before the import is ended anyway.
    static let gracefulSeconds: Double = 10

    /// Ends the process now with the signal's status. SQLite drops a transaction left unfinished (the write-ahead log
    /// keeps only committed ones) and the kernel frees the import's lock: what earlier batches wrote stays, and the
    /// next import of the dump goes on from there.
    private static func stopAtOnce(_ number: Int32) {
        StacktermCommand.standardError("\nimport: stopped at once by \(name(number)); the rows of finished batches are kept")
        _exit(128 + number)
    }

    /// The exit status for the signal that stopped the import: 128 + its number (130 for Ctrl-C).
    var exitStatus: Int32? { received.withLockedValue { $0.map { 128 + $0 } } }

    private static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "interrupted (SIGINT)"
        case SIGTERM: "SIGTERM"
        default: "SIGHUP"
        }
    }
}
