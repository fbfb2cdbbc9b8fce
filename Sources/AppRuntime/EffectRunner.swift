import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// Performs the reducer's load effects through the data managers and turns results back into actions.
@MainActor
final class EffectRunner {
    private let retrieval: Retrieval
    private var handles: [LoadToken: RetrievalHandle] = [:]
    /// Where results go (the runner's dispatch).
    var send: @MainActor (Action) -> Void = { _ in }

    init(retrieval: Retrieval) {
        self.retrieval = retrieval
    }

    /// Loads still in flight (for tests and diagnostics).
    var inFlightCount: Int { handles.count }

    /// Starts, cancels or schedules what `effect` asks for; `.quit` is the caller's business.
    func perform(_ effect: Effect) {
        switch effect {
        case let .loadQuestions(token, settings, page, priority):
            handles[token] = retrieval.questions.retrieveQuestions(
                site: settings.site, sort: settings.sort, tagged: settings.tagged, page: page,
                pageSize: settings.pageSize, priority: priority == .prefetch ? .prefetch : .userInitiated
            ) { [weak self] result in
                self?.handles[token] = nil
                self?.send(.questionsLoaded(token, result))
            }
        case let .loadThread(token, questionID, site):
            handles[token] = retrieval.questions.retrieveThread(questionID: questionID, site: site) { [weak self] result in
                self?.handles[token] = nil
                self?.send(.threadLoaded(token, result))
            }
        case let .cancel(token):
            handles.removeValue(forKey: token)?.cancel()
        case .cancelAll:
            for handle in handles.values { handle.cancel() }
            handles.removeAll()
            retrieval.cancelAll()
        case let .scheduleLoadingIndicator(token, seconds):
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
                MainActor.assumeIsolated { self?.send(.loadingIndicatorDue(token)) }
            }
        case .quit:
            break
        }
    }
}
