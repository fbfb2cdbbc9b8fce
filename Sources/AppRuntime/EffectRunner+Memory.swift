import AppCore
import Foundation
import StackAPI
import StackRetrieval
import StackStore

/// What the app remembers between runs, mapped to the local store: saved questions, search history, the browse
/// settings, the read mark from before an opening, links between posts. Without a store nothing is remembered;
/// saving says why. Each read runs under its effect's token like a load, and its value becomes one action.
extension EffectRunner {
    func performMemory(_ effect: Effect) {
        switch effect {
        case let .loadReadMarks(token, site, ids):
            readStore(token, { try $0.readMarks(site: site, ids: ids) }) { .readMarksLoaded(token, $0.mapValues(ReadState.init)) }
        case let .loadLastRead(token, site, questionID):
            // The mark from before the opening, whose own mark is asked for after this read.
            readStore(token, order: .afterRemembered, { try $0.readMark(site: site, questionID: questionID) }) {
                .lastReadLoaded(token, $0.map(ReadState.init))
            }
        case let .loadLinkedQuestions(token, site, questionID):
            readStore(token, { try $0.linkedQuestions(site: site, questionID: questionID) }) { .linkedQuestionsLoaded(token, $0) }
        case let .setSaved(site, questionID, saved):
            setSaved(site: site, questionID: questionID, saved: saved)
        case let .loadSaved(token, site):
            guard let local else {
                return finish(token, .savedLoaded(token, .failure(.offline(detail: "there is no local store, so nothing is saved"))))
            }
            // After the writes asked for before, so a question saved a moment ago is in the list.
            track(token, local.read(.afterWrites, { try $0.savedQuestions(site: site).map(\.question) }) { [weak self] result in
                self?.finish(token, .savedLoaded(token, result))
            })
        case let .loadSiteMemory(token, site):
            readStore(token, order: .afterRemembered, { store in
                (searches: Array(try store.searchHistory(site: site, limit: LocalDataManager.searchHistoryLimit).reversed()),
                 savedIDs: try store.savedIDs(site: site))
            }) { .siteMemoryLoaded(token, searches: $0.searches, savedIDs: $0.savedIDs) }
        case let .rememberSearch(site, query):
            local?.remember { try $0.addSearch(query, site: site) }
        case let .loadHeldSites(token):
            readStore(token, { try $0.heldSites().map { HeldSiteSummary(site: $0.apiName, questionCount: $0.questionCount) } }) {
                .heldSitesLoaded(token, $0)
            }
        case let .importSample(token):
            importSample(token)
        case let .rememberBrowse(remembered):
            local?.remember { try $0.rememberBrowse(site: remembered.site, sort: remembered.sort, tagged: remembered.tagged) }
        case let .rememberWatchedTags(tags):
            local?.remember { try $0.rememberWatchedTags(tags) }
        default:
            break
        }
    }

    /// Imports the sample site shipped beside the program (on the write queue, after what is queued), then answers
    /// every load from the store: the sample is browsed offline.
    private func importSample(_ token: LoadToken) {
        guard let local, let archive = SampleSite.archive() else {
            let why = local == nil ? "there is no local store to import it into" : SampleSite.missingMessage()
            return send(.sampleImported(token, .failure(.offline(detail: why))))
        }
        track(token, local.read(.afterWrites, { _ = try $0.importSample(from: archive) }) { [weak self] result in
            if case .success = result {
                self?.offlineOnly = true
                self?.stopLive() // the sample is read offline: no socket
            }
            self?.finish(token, .sampleImported(token, result.map { ImportedSample(site: SampleSite.site, attribution: SampleSite.attribution) }))
        })
    }

    /// Saves (unsaves) a question in its turn among the user's writes, answering `.saveRefused` when the store does
    /// not: no store, a read-only one, a failed write, or a save of a question it holds no copy of (`store --forget`
    /// removed its site while it was on screen) — "kept offline for good" would not be true.
    private func setSaved(site: String, questionID: Int, saved: Bool) {
        let refuse: @MainActor (SaveRefusal) -> Void = { [weak self] refusal in
            self?.send(.saveRefused(site: site, questionID: questionID, saved: saved, refusal))
        }
        guard let local else { return refuse(.noStore) }
        if let paused = local.store.writesPaused { return refuse(.readOnly(paused)) }
        local.read(.afterRemembered, { store -> Bool in
            if saved, try store.questions(site: site, ids: [questionID]).isEmpty { return false }
            try store.setSaved(saved, site: site, questionID: questionID)
            return true
        }) { result in
            switch result {
            case .success(true): break
            case .success(false): refuse(.notHeld)
            case .failure(let error): refuse(.failed("\(error)"))
            }
        }
    }

    /// Runs one read of the store under `token` and sends `answer` of what it found; a read cancelled meanwhile
    /// (`.cancel(token)`: its screen closed) or that failed sends nothing, nor does one without a store.
    private func readStore<Value: Sendable>(
        _ token: LoadToken, order: LocalDataManager.ReadOrder = .now, _ body: @escaping @Sendable (Store) throws -> Value,
        answer: @escaping @MainActor (Value) -> Action
    ) {
        guard let local else { return }
        track(token, local.read(order, body) { [weak self] result in self?.finish(token, try? answer(result.get())) })
    }
}

extension ReadState {
    /// The reducer's view of a read mark the store keeps.
    init(_ mark: ReadMark) {
        self.init(answerCount: mark.answerCount, lastActivity: mark.lastActivity)
    }
}
