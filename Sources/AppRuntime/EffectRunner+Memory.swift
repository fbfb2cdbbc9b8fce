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
        case let .loadLastRead(site, questionID):
            local?.readMarkBefore(site: site, questionID: questionID) { [weak self] result in
                guard case .success(let mark) = result else { return }
                self?.send(.lastReadLoaded(site: site, questionID: questionID,
                                           mark.map { ReadState(answerCount: $0.answerCount, lastActivity: $0.lastActivity) }))
            }
        case let .loadLinkedQuestions(site, questionID):
            local?.linkedQuestions(site: site, questionID: questionID) { [weak self] result in
                guard case .success(let linked) = result, !linked.isEmpty else { return }
                self?.send(.linkedQuestionsLoaded(site: site, questionID: questionID, linked))
            }
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
                if case .success(let stored) = result {
                    let marks = stored.reduce(into: [Int: ReadState]()) { marks, saved in
                        if let mark = saved.readMark {
                            marks[saved.question.questionID] = ReadState(answerCount: mark.answerCount, lastActivity: mark.lastActivity)
                        }
                    }
                    if !marks.isEmpty { send(.readMarksLoaded(site: site, marks)) }
                }
            }
        case let .loadSiteMemory(site):
            local?.siteMemory(site: site) { [weak self] result in
                guard case .success(let memory) = result else { return }
                self?.send(.siteMemoryLoaded(site: site, searches: memory.searches, savedIDs: memory.savedIDs))
            }
        case let .rememberSearch(site, query):
            local?.addSearch(query, site: site)
        case let .rememberBrowse(remembered):
            local?.rememberBrowse(site: remembered.site, sort: remembered.sort, tagged: remembered.tagged)
        default:
            break
        }
    }
}
