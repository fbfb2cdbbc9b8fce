import AppCore
import Foundation
import StackAPI

/// Reports, once a second, which API methods our waiting loads are paused on (backoff or throttle), so the
/// status line can count down. Runs only while something is paused: an idle program gets no timer from it.
@MainActor
final class PauseWatcher {
    private let paused: @MainActor () -> [APIMethod: TimeInterval]
    private let report: @MainActor ([APIPause]) -> Void
    private var isScheduled = false
    private var lastReported: [APIPause] = []

    /// Creates the watcher: `paused` reads the gate, `report` receives each change of the countdown.
    init(paused: @escaping @MainActor () -> [APIMethod: TimeInterval], report: @escaping @MainActor ([APIPause]) -> Void) {
        self.paused = paused
        self.report = report
    }

    /// A load started or ended: look again shortly (a new load reaches the gate from its queue in microseconds).
    func loadsChanged() {
        schedule(after: 0.05)
    }

    private func schedule(after seconds: TimeInterval) {
        guard !isScheduled else { return }
        isScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { @MainActor [weak self] in
            self?.check()
        }
    }

    private func check() {
        isScheduled = false
        let waits = paused()
        let pauses = waits.map { APIPause(method: $0.key, secondsLeft: Int($0.value.rounded(.up))) }
            .sorted { $0.method.rawValue < $1.method.rawValue }
        if pauses != lastReported {
            lastReported = pauses
            report(pauses)
        }
        guard let shortest = waits.values.min() else { return }
        // Wake when the shortest countdown next shows a new whole second.
        let fraction = shortest - shortest.rounded(.down)
        schedule(after: fraction > 0.001 ? fraction : 1)
    }
}
