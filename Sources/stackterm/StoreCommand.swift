import AppConfig
import ArgumentParser
import Foundation
import StackStore

/// `stackterm store`: the local store's path and sizes per site; `--vacuum` compacts it, `--forget SITE` empties a site,
/// `--check` looks for damage. Damage found by any of them moves the file aside and keeps what can be saved (exit 3).
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show the local store's size per site; vacuum it, forget a site, or check it for damage.",
        discussion: """
            The store is $XDG_DATA_HOME/stackterm/stackterm.sqlite (default ~/.local/share/stackterm/). Without \
            options it prints the file's path and size, then one line per site: questions, answers, comments and \
            the megabytes of their text, split into imported (from a dump), cached (from the network) and saved. \
            Listing only reads: it runs beside the browser and during an import, and leaves the file as it was. --forget and --vacuum write: \
            during an import they wait for it to end (and say so), then apply the size limit (store_max_mb in the \
            config file, default 1024; the browser applies it after each save): the oldest cached content goes \
            first; imported and saved content never goes.

            --check runs SQLite's quick_check on the file (every page and b-tree: about half a second per GB of \
            a cached file); --check --full its integrity_check (every index against its table too: several times \
            longer). Damage found by a check, or met by any command (SQLite reading pages it cannot make sense of), is never written \
            over: the file is moved aside as stackterm.sqlite.damaged-<UTC time>, a new store is started keeping \
            the saved questions (with their answers and comments), read marks, search history and settings, and \
            the message lists each imported site with the `stackterm import …` command that imports it again. \
            --forget, --vacuum and `stackterm import` run a quick_check before they write; the browser, meeting \
            damage, says so and writes no more, and its next start does the rest.

            Exit codes: 0 done (--check: no damage found), 1 no store yet, the store could not be read or written, \
            or --forget names a site the store does not hold (message on stderr), 2 usage error, 3 damage was \
            found: the store was moved aside and a new one started with what could be saved (message on stderr).
            """)

    @Flag(help: "Compact the file: merge the search index and rebuild the file without free space (needs free disk space about its size).")
    var vacuum = false

    @Option(help: ArgumentHelp("Remove everything held of this site (imported, cached and saved), e.g. cardano.", valueName: "site"))
    var forget: String?

    @Flag(help: "Check the file for damage with SQLite's quick_check; exit 3 when damage is found (the store is then moved aside and what can be saved kept).")
    var check = false

    @Flag(help: "With --check: SQLite's integrity_check instead (each index against its table too; several times longer).")
    var full = false

    @Option(help: ArgumentHelp(
        "The config file, for store_max_mb (default: $XDG_CONFIG_HOME/stackterm/config.toml).", valueName: "path"))
    var config: String?

    func validate() throws {
        if let config, let problem = ConfigFileReader.problem(atPath: config) {
            throw ValidationError("--config \(config): \(problem)")
        }
        if let forget, !SettingRules.isValidSite(forget) {
            throw ValidationError("--forget must be a site's API name such as stackoverflow")
        }
        if full && !check { throw ValidationError("--full goes with --check") }
        if check && (forget != nil || vacuum) { throw ValidationError("--check goes alone, without --forget or --vacuum") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // The root command declares --config too and takes the value when it follows `store`: read it from the
        // arguments as `--help` does (validated by whichever command received it).
        let loaded = ConfigLoader.load(explicitPath: config ?? HelpText.configArgument(CommandLine.arguments),
                                       environment: environment)
        if let message = loaded.startupMessage { StacktermCommand.standardError("stackterm: " + message) }
        let settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: environment, config: loaded.config)
        let limit = Int64(settings.storeMaxMB) << 20
        do {
            let file = try StoreLocation.defaultFile(environment: environment)
            guard FileManager.default.fileExists(atPath: file.path) else {
                StacktermCommand.standardError("stackterm: no local store yet at \(file.path) "
                    + "(`stackterm import PATH` creates it, so does browsing)")
                throw ExitCode(1)
            }
            // Listing and --check only read: they leave the file as it was.
            let opening: StoreOpening = forget != nil || vacuum ? .forWriting : .forReading
            let store = try Store(fileURL: file, maxBytes: limit, opening: opening, announceUpgrade: StacktermCommand.warn)
            if let recovery = store.recovery { throw Self.recovered(recovery) }
            if let notice = store.notice {
                StacktermCommand.standardError("stackterm: " + notice)
                throw ExitCode(1)
            }
            if forget != nil || vacuum, let refusal = store.writeRefusal { throw refusal }
            if let paused = store.writesPaused { StacktermCommand.standardError("stackterm: " + paused) }
            do {
                try check ? checkForDamage(store) : act(on: store, limit: limit)
            } catch StoreError.damaged {
                throw Self.recovered(try store.recoverFromDamage())
            }
        } catch let error as StoreError {
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(1)
        }
    }

    private func act(on store: Store, limit: Int64) throws {
        if forget != nil || vacuum {
            let waiting = { (message: String) in StacktermCommand.standardError("stackterm: " + message) }
            try store.whileNoImportRuns(waiting: waiting) {
                try store.checkBeforeWriting()
                try maintain(store, limit: limit)
            }
        }
        print(StoreTable.render(try store.usage(), limit: limit), terminator: "")
    }

    /// `--check`: the check's verdict on stdout; damage is thrown on as `.damaged` (recovery follows).
    private func checkForDamage(_ store: Store) throws {
        let report = try store.check(full: full)
        guard !report.isIntact else {
            print("\(store.fileURL.path): no damage found (SQLite's \(report.name))")
            return
        }
        print("\(store.fileURL.path): damage found by SQLite's \(report.name):")
        for problem in report.problems { print("  " + problem) }
        throw StoreError.damaged(path: store.fileURL.path, detail: "found by --check")
    }

    /// Says what recovery from damage did (stderr).
    static func say(_ recovery: StoreRecovery) {
        for (index, line) in recovery.lines.enumerated() {
            StacktermCommand.standardError(index == 0 ? "stackterm: " + line : line)
        }
    }

    /// Says what recovery from damage did, and the exit code that goes with it (3).
    private static func recovered(_ recovery: StoreRecovery) -> ExitCode {
        say(recovery)
        return ExitCode(3)
    }

    /// `--forget`, then the size limit, then `--vacuum`.
    private func maintain(_ store: Store, limit: Int64) throws {
        if let site = forget {
            guard let removed = try store.forget(site: site) else {
                let held = try store.usage().sites.map(\.site)
                StacktermCommand.standardError("stackterm: the store holds no site named \(site)"
                    + (held.isEmpty ? " (it holds none)" : " (it holds: \(held.joined(separator: ", ")))"))
                throw ExitCode(1)
            }
            print("forgot \(site): \(removed.questions) questions, \(removed.answers) answers, \(removed.comments) comments")
        }
        let evicted = try store.evict(toBytes: limit)
        if evicted.questions + evicted.answers + evicted.comments > 0 {
            print("evicted to stay under \(limit >> 20) MB: \(evicted.questions) questions, \(evicted.answers) answers, "
                + "\(evicted.comments) comments cached from the network")
        }
        if vacuum {
            let before = store.fileBytes()
            try store.vacuum()
            print("vacuumed: \(StoreTable.megabytes(before)) → \(StoreTable.megabytes(store.fileBytes())) MB")
        }
    }
}

/// `stackterm store`'s table.
enum StoreTable {
    /// The path and size line, then a header and one line per site (or a line saying the store is empty).
    static func render(_ usage: StoreUsage, limit: Int64) -> String {
        var text = "\(usage.fileURL.path): \(megabytes(usage.fileBytes)) MB on disk, \(megabytes(usage.usedBytes)) MB in use "
            + "(limit \(limit >> 20) MB)\n"
        if usage.usedBytes > limit {
            text += usage.sites.contains { $0.cachedBytes > 0 }
                ? "over the limit: the next save evicts the oldest content cached from the network (so does --vacuum)\n"
                : "over the limit with nothing cached from the network left to evict: imported and saved content is "
                    + "kept (raise store_max_mb, or forget a site)\n"
        }
        guard !usage.sites.isEmpty else { return text + "no questions, answers or comments held yet\n" }
        let header = ["site", "questions", "answers", "comments", "text MB", "imported", "cached", "saved"]
        let rows = usage.sites.map { site in
            [site.site, "\(site.questions)", "\(site.answers)", "\(site.comments)", megabytes(site.textBytes),
             megabytes(site.importedBytes), megabytes(site.cachedBytes), megabytes(site.savedBytes)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            let cells = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        return text
    }

    /// Megabytes with one decimal.
    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
