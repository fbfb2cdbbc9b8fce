import Foundation
import StackAPI
import StackRetrieval
import TestSupport

/// API requests of a live session (issue 20 parts 3 and 4), counted in the double's request log: a session with
/// the socket up, steady activity and one disconnect (score batches and a gap fill), and one with the socket refused
/// (polls). Run at `live_refresh_s` = 2 to be short, then scaled to an hour at the defaults (60 s with a key, 300
/// without): requests per period are what the rules bound.
enum LiveQuotaBenchmark {
    private static let refresh = 2.0

    @MainActor
    static func requestsPerHour() throws {
        let double = try DoubleFixture.dedicated(arguments: ["--live-heartbeat", "5"])
        defer { double.stop() }
        let seconds = 30.0
        let (source, states) = start(double, url: "ws://127.0.0.1:\(double.port)/")
        guard LiveBenchmarks.spin(seconds: 10, until: { states() == .live }) else { return report("live quota", "never live") }
        try double.clearRequestLog()
        let ids = [1, 2, 3, 4, 5, 10, 11, 17, 18, 23, 24, 26]
        let began = Date()
        var step = 0
        while Date().timeIntervalSince(began) < seconds {
            let elapsed = Date().timeIntervalSince(began)
            if step == 20 { _ = try LoopbackHTTP.get(double.url("/_double/live/mode?name=close_mid_frame")) }
            if step == 24 { _ = try LoopbackHTTP.get(double.url("/_double/live/mode?name=none")) }
            _ = try LoopbackHTTP.get(double.url("/_double/live/active?site=cardano&id=\(ids[step % ids.count])"))
            step += 1
            _ = LiveBenchmarks.spin(seconds: max(0, Double(step) * 0.5 - elapsed)) { false }
        }
        source.stop()
        let log = try double.requestLog()
        let batches = log.filter { $0.contains("/questions/") }.count
        let gapFills = log.filter { $0.contains("/questions?") }.count
        let periods = seconds / refresh
        report("live quota, socket up", String(
            format: "%d messages at 2/s and one disconnect in %.0f periods of live_refresh_s: %d score batches, %d gap fills "
                + "→ %.0f requests/hour at 60 s (API key), %.0f at 300 s",
            step, periods, batches, gapFills, perHour(batches + gapFills, periods, 60), perHour(batches + gapFills, periods, 300)),
            goal: "≤ 1 batch per period", met: Double(batches) <= periods)

        let dead = "ws://127.0.0.1:1/"
        try double.clearRequestLog()
        let (polling, _) = start(double, url: dead)
        _ = LiveBenchmarks.spin(seconds: seconds) { false }
        polling.stop()
        let polls = try double.requestLog().filter { $0.contains("/questions?") }.count
        report("live quota, socket refused", String(
            format: "%d polls in %.0f periods → %.0f requests/hour at 60 s (API key), %.0f at 300 s",
            polls, periods, perHour(polls, periods, 60), perHour(polls, periods, 300)),
            goal: "≤ 1 poll per period (+1)", met: Double(polls) <= periods + 1)
    }

    private static func perHour(_ requests: Int, _ periods: Double, _ refresh: Double) -> Double {
        Double(requests) / periods * 3600 / refresh
    }

    @MainActor
    private static func start(_ double: DoubleProcess, url: String) -> (LiveSource, @MainActor () -> LiveState?) {
        let retrieval = Retrieval(factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-bench"))
        var configuration = LiveConfiguration(url: url, site: "cardano")
        configuration.refreshSeconds = refresh
        final class Last { var state: LiveState? }
        let last = Last()
        let source = LiveSource(configuration: configuration, loader: retrieval.loader(local: nil)) { result in
            if case .success(.state(let state)) = result { last.state = state }
        }
        source.start()
        return (source, { last.state })
    }
}
