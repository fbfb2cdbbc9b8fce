import AppConfig
import ArgumentParser
import Foundation
import StackStore

/// `stackterm store`: the local store's path and sizes per site; `--vacuum` compacts it, `--forget SITE` empties a site.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show the local store's size per site; vacuum it, or forget a site.",
        discussion: """
            The store is $XDG_DATA_HOME/stackterm/stackterm.sqlite (default ~/.local/share/stackterm/). Without \
            options it prints the file's path and size, then one line per site: questions, answers, comments and \
            the megabytes of their text, split into imported (from a dump), cached (from the network) and saved. \
            Listing only reads: it runs beside the browser and during an import. --forget and --vacuum write: \
            during an import they wait for it to end (and say so), then apply the size limit (store_max_mb in the \
            config file, default 1024; the browser applies it after each save): the oldest cached content goes \
            first; imported and saved content never goes.

            Exit codes: 0 done, 1 no store yet, the store could not be read or written, or --forget names a site \
            the store does not hold (message on stderr), 2 usage error.
            """)

    @Flag(help: "Compact the file: merge the search index and rebuild the file without free space (needs free disk space about its size).")
    var vacuum = false

    @Option(help: ArgumentHelp("Remove everything held of this site (imported, cached and saved), e.g. cardano.", valueName: "site"))
    var forget: String?

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
            let store = try Store(fileURL: file, maxBytes: limit, announceUpgrade: StacktermCommand.warn)
            if let notice = store.notice {
                StacktermCommand.standardError("stackterm: " + notice)
                throw ExitCode(1)
            }
            if let paused = store.writesPaused {
                StacktermCommand.standardError("stackterm: " + paused)
                if forget != nil || vacuum { throw ExitCode(1) }
            }
            try act(on: store, limit: limit)
        } catch let error as StoreError {
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(1)
        }
    }

    private func act(on store: Store, limit: Int64) throws {
        if forget != nil || vacuum {
            let waiting = { (message: String) in StacktermCommand.standardError("stackterm: " + message) }
            try store.whileNoImportRuns(waiting: waiting) { try maintain(store, limit: limit) }
        }
        print(StoreTable.render(try store.usage(), limit: limit), terminator: "")
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
