import AppCore
import Foundation
import StackAPI
import TestSupport

/// The cost in the reducer of one live batch on a long list (issue 20, before deciding on an id → row index): a
/// batch of 100 messages for questions already on a 10,000-row list (found at its end, the worst place for a linear
/// search), and one of 100 questions not on it (each searched through every row).
@MainActor
enum LiveListBenchmark {
    static func batchOnALongList() {
        let rows = 10_000
        let questions = (1...rows).map { Fixtures.question(id: $0, title: "Question \($0)", score: 0, answers: 0, tags: ["plutus"]) }
        func list() -> AppState {
            var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 200, rows: 60))
            state.shared.liveEnabled = true
            guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { return state }
            _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: questions, hasMore: false, page: 1)))))
            for _ in 0..<40 { _ = Reducer.reduce(&state, .command(.moveDown)) } // scrolled: arrivals wait, rows stay
            return state
        }
        let now = Date()
        func batch(_ ids: ClosedRange<Int>) -> [LiveActivity] {
            ids.map { LiveActivity(site: "cardano", questionID: $0, title: "Live \($0)", tags: ["plutus"], lastActivityDate: now) }
        }
        for (name, ids) in [("100 already on the list, at its end", (rows - 99)...rows), ("100 not on the list", (rows + 1)...(rows + 100))] {
            let base = list()
            var state = base
            let samples = Measure.samples(iterations: 50) {
                state = base
                _ = Reducer.reduce(&state, .liveActivity(batch(ids)))
            }
            report("live batch on a \(rows)-row list, \(name) (reduce, state copy included)", Measure.summary(samples))
        }
    }
}
