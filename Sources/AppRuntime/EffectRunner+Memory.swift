import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// What the app remembers between runs, mapped to the local store: saved questions, search history, the browse
/// settings, the read mark from before an opening, links between posts. Without a store nothing is remembered;
/// saving says why.
extension EffectRunner {
    func performMemory(_ effect: Effect) {
        switch effect {
        case let .loadReadMarks(token, site, ids):
            readStore(token, { local, done in _ = local.readMarks(site: site, ids: ids, completion: done) },
                      answer: { .readMarksLoaded(token, $0.mapValues { ReadState(answerCount: $0.answerCount, lastActivity: $0.lastActivity) }) })
        case let .loadLastRead(token, site, questionID):
            readStore(token, { local, done in local.readMarkBefore(site: site, questionID: questionID, completion: done) },
                      answer: { .lastReadLoaded(token, $0.map { ReadState(answerCount: $0.answerCount, lastActivity: $0.lastActivity) }) })
        case let .loadLinkedQuestions(token, site, questionID):
            readStore(token, { local, done in _ = local.linkedQuestions(site: site, questionID: questionID, completion: done) },
                      answer: { .linkedQuestionsLoaded(token, $0) })
        case let .setSaved(site, questionID, saved):
            guard let local else {
                send(.notify("Not saved: there is no local store to keep it in", isError: true))
                return
            }
            local.setSaved(saved, site: site, questionID: questionID)
        case let .loadSaved(token, site):
            guard let local else {
                finish(token, .savedLoaded(token, .failure(.offline(detail: "there is no local store, so nothing is saved"))))
                return
            }
            storeChecks.insert(token)
            local.savedQuestions(site: site) { [weak self] result in
                guard let self, storeChecks.remove(token) != nil else { return }
                finish(token, .savedLoaded(token, result.map { $0.map(\.question) }))
            }
        case let .loadSiteMemory(token, site):
            readStore(token, { local, done in local.siteMemory(site: site, completion: done) },
                      answer: { .siteMemoryLoaded(token, searches: $0.searches, savedIDs: $0.savedIDs) })
        case let .rememberSearch(site, query):
            local?.addSearch(query, site: site)
        case let .rememberBrowse(remembered):
            local?.rememberBrowse(site: remembered.site, sort: remembered.sort, tagged: remembered.tagged)
        default:
            break
        }
    }

    /// Runs one read of the store under `token` and sends `answer` of what it found; a read cancelled meanwhile
    /// (`.cancel(token)`: its screen closed) or that failed sends nothing, nor does one without a store.
    private func readStore<Value: Sendable>(
        _ token: LoadToken,
        _ read: (LocalDataManager, @escaping RetrievalCompletion<Value>) -> Void,
        answer: @escaping @MainActor (Value) -> Action
    ) {
        guard let local else { return }
        storeChecks.insert(token)
        read(local) { [weak self] result in
            guard let self, storeChecks.remove(token) != nil, case .success(let value) = result else { return }
            send(answer(value))
        }
    }
}
