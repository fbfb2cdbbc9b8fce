import Foundation
import StackAPI
import TestSupport

/// Issue 3's figures for the real binary on a pseudo-terminal against the double.
@MainActor
enum TerminalBenchmarks {
    static func stackterm(_ double: DoubleProcess, _ extra: [String] = [], columns: UInt16 = 100, rows: UInt16 = 30,
                          environment: [String: String] = [:]) throws -> PTYProcess {
        try PTYProcess(executable: BuildProducts.executable("stackterm"),
                       arguments: ["--api-base-url", double.baseURL.absoluteString, "--site", "cardano"] + extra,
                       columns: columns, rows: rows, environment: environment)
    }

    /// Process start → the first page of titles drawn (the status line shows the quota only once they are): from the
    /// network, then with page 1 fresh in the store. One store for all launches (made by a first, untimed one); the
    /// network launches each ask another page size (50, 49, …), so none finds its page fresh.
    static func launchToFirstTitles(double: DoubleProcess) throws {
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-launch-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        func launch(pageSize: Int) throws -> Double {
            let start = Measure.now()
            let app = try stackterm(double, ["--page-size", String(pageSize)], environment: ["XDG_DATA_HOME": dataHome.path])
            guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
            let elapsed = (Measure.now() - start) * 1000
            app.send("Q")
            _ = app.waitForExit(timeout: 5)
            return elapsed
        }
        _ = try launch(pageSize: 30)
        let network = try (0..<10).map { try launch(pageSize: 50 - $0) }
        report("launch → first titles drawn (real binary, pty, double on loopback, nothing fresh in the store)", Measure.summary(network),
               goal: "≤ 150 ms", met: Measure.median(network) <= 150)
        let fresh = try (0..<10).map { _ in try launch(pageSize: 30) }
        report("launch → first titles drawn, page 1 fresh in the store (no request)", Measure.summary(fresh),
               goal: "≤ 150 ms", met: Measure.median(fresh) <= 150)
    }

    /// `Q` → process gone, with the list's prefetch and an opened question's two loads hanging on a 30 s server.
    static func quitWithLoadsInFlight(double: DoubleProcess) throws {
        var samples: [Double] = []
        var inFlight = 0
        for _ in 0..<10 {
            let app = try stackterm(double)
            guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
            try double.clearRequestLog()
            try double.setFaults("delay_ms=30000")
            app.send("G")   // prefetch page 2 (hangs)
            app.send("\r")  // open the last question: question + answers (both hang)
            let deadline = Measure.now() + 5
            while try double.requestLog().count < 3, Measure.now() < deadline { usleep(2_000) }
            inFlight = try double.requestLog().count
            let start = Measure.now()
            app.send("Q")
            guard let status = app.waitForExit(timeout: 5) else { throw BenchError.timeout("exit") }
            samples.append((Measure.now() - start) * 1000)
            if status != 0 { print("  warning: exit status \(status)") }
            try double.clearFaults()
        }
        report("quit → process exited, \(inFlight) loads in flight against a server sleeping 30 s", Measure.summary(samples),
               goal: "≤ 100 ms", met: Measure.median(samples) <= 100)
    }

    /// Resident memory after 25 pages of 100 questions (a double serving cardano three times over, 3,126 questions).
    static func memoryAfterPaging() throws {
        let double = try DoubleFixture.dedicated(arguments: ["--copies", "3"])
        defer { double.stop() }
        let app = try stackterm(double, ["--page-size", "100"])
        guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
        func pagesLoaded() throws -> Int { try double.requestLog().filter { $0.contains("/questions?") }.count }
        var pages = try pagesLoaded()
        while pages < 25 {
            // G is harmless while the next page is still loading; repeat it until a new page is requested.
            let deadline = Measure.now() + 5
            while try pagesLoaded() == pages, Measure.now() < deadline {
                app.send("G")
                usleep(50_000)
                app.clearOutput() // keep the pty drained, or the app blocks writing its frames
            }
            let now = try pagesLoaded()
            if now == pages { break }
            pages = now
        }
        usleep(300_000) // let the last page be decoded and drawn
        let rss = app.residentMiB() ?? .nan
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        report("resident memory after \(pages) pages of 100 questions", String(format: "%.1f MiB", rss), goal: "≤ 60 MB", met: rss <= 60)
    }

    /// Enter on a search → the first result's title drawn (a search starts sorted by relevance, as asked here).
    static func searchToResults(double: DoubleProcess) throws {
        var samples: [Double] = []
        for (index, query) in ["plutus", "wallet", "staking", "token", "script", "node", "metadata", "address"].enumerated() {
            let reply = try LoopbackHTTP.get(double.url("/2.3/search/advanced?site=cardano&q=\(query)&sort=relevance&pagesize=1&key=bench"))
            guard case .success(let wrapper) = ResponseDecoder.decode(Question.self, from: reply.body, httpStatus: reply.status),
                  let title = wrapper.items.first?.title else { continue }
            let marker = String(title.prefix(12))
            let app = try stackterm(double, ["--api-key", "bench\(index)"])
            guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
            app.send("/" + query)
            usleep(100_000)
            app.clearOutput()
            let start = Measure.now()
            app.send("\r")
            guard app.waitForOutput(containing: marker, timeout: 10) else { throw BenchError.timeout("search results for \(query)") }
            samples.append((Measure.now() - start) * 1000)
            app.send("Q")
            _ = app.waitForExit(timeout: 5)
        }
        report("search → first results drawn (Enter to the first title, real binary, double)", Measure.summary(samples))
    }

    /// Issue 32 item 3: 100,000 bytes pasted into the `/` prompt → the prompt drawn with the paste's end (all of it
    /// taken), then Esc → the prompt closed and Q → exit. Before, each character drew a frame and copied the text.
    static func pasteIntoPrompt(double: DoubleProcess) throws {
        let words = (0..<30_000).map { "w\($0 % 97)" }.joined(separator: " ")
        let pasted = String(words.prefix(100_000 - 4)) + " END"
        var landed: [Double] = [], quits: [Double] = []
        for _ in 0..<5 {
            let app = try stackterm(double)
            guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
            app.send("/")
            guard app.waitForOutput(containing: "Search:", timeout: 5) else { throw BenchError.timeout("the prompt") }
            app.clearOutput()
            let start = Measure.now()
            guard app.paste(pasted, timeout: 60) else { throw BenchError.timeout("writing the paste") }
            guard app.waitForOutput(containing: " END", timeout: 60) else { throw BenchError.timeout("the paste's end drawn") }
            landed.append((Measure.now() - start) * 1000)
            app.send("\u{1B}")
            usleep(300_000) // Esc alone, not the start of Alt-Q
            let quit = Measure.now()
            app.send("Q")
            guard app.waitForExit(timeout: 10) != nil else { throw BenchError.timeout("exit after the paste") }
            quits.append((Measure.now() - quit) * 1000)
        }
        report("paste 100,000 bytes into the / prompt → its end drawn (real binary, pty)", Measure.summary(landed),
               goal: "≤ 1 s", met: (landed.max() ?? .infinity) <= 1000)
        report("  … then Esc, Q → process exited", Measure.summary(quits), goal: "≤ 100 ms", met: (quits.max() ?? .infinity) <= 100)
    }

    /// Requests a typical session spends: open the list, page 3 times, open 5 questions, one search; then the same
    /// session again on the same local store (the freshness rule: what the network sent under five minutes ago is
    /// shown from the store, so the second session should make no request).
    static func requestsPerTypicalSession(double: DoubleProcess) throws {
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-session-\(getpid())")
        try? FileManager.default.removeItem(at: dataHome)
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let first = try typicalSession(double: double, dataHome: dataHome)
        report("requests in a typical session (list, 3 pages, 5 questions, 1 search)", "\(first.count) requests: \(kinds(first))",
               goal: "none a cache or earlier response could answer (10)", met: first.count <= 10)
        let second = try typicalSession(double: double, dataHome: dataHome)
        report("the same session again on the same store, within five minutes", "\(second.count) requests: \(kinds(second))",
               goal: "0 (the freshness rule)", met: second.isEmpty)
    }

    /// The double's request log of one typical session on the store under `dataHome`.
    private static func typicalSession(double: DoubleProcess, dataHome: URL) throws -> [String] {
        try double.clearRequestLog()
        let app = try stackterm(double, ["--api-key", "session"], environment: ["XDG_DATA_HOME": dataHome.path])
        func count() throws -> Int { try double.requestLog().count }
        /// Sends `keys`, then waits for the requests they cause (at most 1 s when they cause none) and the frame.
        func settle(_ keys: String) throws {
            let before = try count()
            app.send(keys)
            let deadline = Measure.now() + 1
            while try count() == before, Measure.now() < deadline { usleep(5_000); app.clearOutput() }
            usleep(300_000)
            app.clearOutput()
        }
        guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
        for _ in 0..<3 { try settle("G") }
        app.send("g")
        for _ in 0..<5 {
            try settle("\r")
            app.send("q")
            app.send("j")
            usleep(100_000)
        }
        try settle("/plutus\r")
        let log = try double.requestLog()
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        return log
    }

    /// "1 /2.3/search/advanced, 4 /2.3/questions, …": the log's requests counted by route.
    private static func kinds(_ log: [String]) -> String {
        Dictionary(grouping: log) { line -> String in
            let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? line
            let route = path.split(separator: "?").first.map(String.init) ?? path
            return route.replacingOccurrences(of: #"/\d+(?=/|$)"#, with: "/{id}", options: .regularExpression)
        }.map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", ")
    }
}
