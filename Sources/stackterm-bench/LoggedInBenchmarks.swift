import Foundation
import TestSupport

/// Issue 31's figures: a logged-in launch (its inbox look at start included) against one without a login, in the
/// same run, and the CPU of a logged-in browser idling for a minute.
@MainActor
enum LoggedInBenchmarks {
    static func all(double: DoubleProcess) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-login-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        try writeTokenFile(home: home, token: try token(double, user: "eddex"))
        // One unread item, so the status line's count shows once the look at start answered.
        _ = try LoopbackHTTP.get(double.url("/_double/inbox/add?user=eddex&site=cardano&type=comment&question=5"))
        let loggedIn = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
                        "STACKTERM_API_KEY": "bench-key"]
        let anonymous = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("no-config").path,
                         "STACKTERM_API_KEY": "bench-key"]
        func launch(_ environment: [String: String], pageSize: Int) throws -> Double {
            let start = Measure.now()
            let app = try TerminalBenchmarks.stackterm(double, ["--page-size", String(pageSize)], environment: environment)
            // "N questions" on the status line: the page is drawn (logged in, the quota may give way to the user's
            // name and unread count on a 100-column status line).
            guard app.waitForOutput(containing: "\(pageSize) questions", timeout: 10) else { throw BenchError.timeout("first titles") }
            let elapsed = (Measure.now() - start) * 1000
            app.send("Q")
            _ = app.waitForExit(timeout: 5)
            return elapsed
        }
        var plain: [Double] = [], withLogin: [Double] = []
        for round in 0..<10 {
            plain.append(try launch(anonymous, pageSize: 50 - round))
            withLogin.append(try launch(loggedIn, pageSize: 40 - round))
        }
        report("launch → first titles, nobody logged in", Measure.summary(plain))
        report("launch → first titles, logged in (token file read, inbox looked at)", Measure.summary(withLogin),
               goal: "unchanged (≤ 1.2× the line above)", met: Measure.median(withLogin) <= 1.2 * Measure.median(plain))
        let app = try TerminalBenchmarks.stackterm(double, [], environment: loggedIn)
        guard app.waitForOutput(containing: "✉", timeout: 10) else { throw BenchError.timeout("the unread count") }
        sleep(2)
        app.clearOutput()
        let cpuBefore = app.cpuSeconds() ?? .nan
        let switchesBefore = app.contextSwitches()
        sleep(60)
        let cpu = (app.cpuSeconds() ?? .nan) - cpuBefore
        let perSecond = Double(PTYProcess.switches(from: switchesBefore, to: app.contextSwitches())) / 60
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        report("logged in, idling on the list for 60 s (inbox looked at every 5 min)",
               String(format: "CPU %.3f s, %.1f wake-ups/s", cpu, perSecond), goal: "≤ 0.1 s per idle minute", met: cpu <= 0.1)
    }

    private static func token(_ double: DoubleProcess, user: String) throws -> String {
        let reply = try LoopbackHTTP.get(double.url("/_double/tokens?user=\(user)"))
        guard let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any],
              let token = object["access_token"] as? String else { throw BenchError.failed("no token from the double") }
        return token
    }

    /// The token file `stackterm login` writes (mode 0600 in a 0700 folder).
    private static func writeTokenFile(home: URL, token: String) throws {
        let folder = home.appendingPathComponent(".config/stackterm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("token")
        guard FileManager.default.createFile(atPath: file.path, contents: Data("token=\(token)\ndisplay_name=eddex\nsite=cardano\nuser_id=1\n".utf8),
                                             attributes: [.posixPermissions: 0o600]) else { throw BenchError.failed("the token file could not be written") }
    }
}
