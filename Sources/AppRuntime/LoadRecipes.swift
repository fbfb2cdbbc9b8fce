import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// The recipes of the loads (`Effect.load`): each `LoadRequest` is one call on the `Loader` (the network and the
/// store, as its `LoadOperation` decides) or on the store's door (`LocalDataManager`), under the effect's token, and
/// its one value comes back as `Action.loaded(token, …)`. Adding a kind of load adds one case here.
extension EffectRunner {
    func load(_ token: LoadToken, _ request: LoadRequest) {
        switch request {
        case let .questions(settings, page, priority, reload):
            loadQuestions(token, settings, page: page, priority: priority, reload: reload)
        case let .answersFeed(site, page, pageSize, priority, reload):
            run(token, { [loader] in
                loader.latestAnswers(site: site, page: page, pageSize: pageSize, mode: mode(reload: reload), priority: priority,
                                     completion: $0)
            }, deliver: { .answersFeed($0) })
        case let .questionTitles(ids, site):
            run(token, { [loader] in loader.questions(ids: ids, site: site, mode: mode(reload: false), completion: $0) },
                deliver: { .questionTitles($0) })
        case let .thread(questionID, site, reload, listCopy):
            run(token, { [loader] in
                loader.thread(questionID: questionID, site: site, listCopy: listCopy, mode: mode(reload: reload), completion: $0)
            }, deliver: { .thread($0) })
        case let .comments(postIDs, site, reload):
            run(token, { [loader] in loader.comments(postIDs: postIDs, site: site, mode: mode(reload: reload), completion: $0) },
                deliver: { .comments($0) })
        case let .answerQuestion(answerID, site):
            run(token, { [loader] in loader.questionID(ofAnswer: answerID, site: site, mode: mode(reload: false), completion: $0) },
                deliver: { .answerQuestion($0) })
        case .sites:
            run(token, { [loader] in loader.sites(mode: mode(reload: false), completion: $0) },
                deliver: { .sites($0.map(\.sites), held: (try? $0.get().held) ?? []) })
        case let .readMarks(site, ids):
            readStore(token, { local, done in local.readMarks(site: site, ids: ids, completion: done) }) {
                .readMarks($0.mapValues(ReadState.init))
            }
        case let .lastRead(site, questionID):
            readStore(token, { local, done in local.lastRead(site: site, questionID: questionID, completion: done) }) {
                .lastRead($0.map(ReadState.init))
            }
        case let .linkedQuestions(site, questionID):
            readStore(token, { local, done in local.linkedQuestions(site: site, questionID: questionID, completion: done) }) {
                .linkedQuestions($0)
            }
        case let .saved(site):
            guard let local else {
                let why = storeProblem.map { " (\($0))" } ?? ""
                return finish(token, .loaded(token, .saved(.failure(.offline(detail: "there is no local store\(why), so nothing is saved")))))
            }
            track(token, local.savedQuestions(site: site) { [weak self] result in
                self?.finish(token, .loaded(token, .saved(result)))
            })
        case let .siteMemory(site):
            readStore(token, { local, done in local.siteMemory(site: site, completion: done) }) {
                .siteMemory(searches: $0.searches, savedIDs: $0.savedIDs)
            }
        case .heldSites:
            readStore(token, { local, done in local.heldSites(completion: done) }) {
                .heldSites($0.map { HeldSiteSummary(site: $0.site, questionCount: $0.questionCount) })
            }
        case .sampleImport:
            importSample(token)
        case .write, .compose, .inbox, .myMarks, .notifications, .bookmarks:
            loadAsUser(token, request)
        }
    }

    /// Imports the sample site shipped beside the program (on the write queue, after what is queued); the reducer
    /// then asks that every load be answered by the store (`Effect.answerFromStoreOnly`).
    private func importSample(_ token: LoadToken) {
        let deliver: @MainActor (Result<ImportedSampleSite, APIError>) -> Void = { [weak self] result in
            self?.finish(token, .loaded(token, .sampleImport(result.map { ImportedSample(site: $0.site, attribution: $0.attribution) })))
        }
        guard let local else {
            let why = storeProblem.map { ": " + $0 } ?? ""
            return deliver(.failure(.offline(detail: "there is no local store to import it into\(why)")))
        }
        if let handle = local.importSample(completion: deliver) { track(token, handle) }
    }

    /// Saves (unsaves) a question in its turn among the user's writes, answering `.saveProgress` while it waits for
    /// the store's lock and once it is kept, and `.saveRefused` when the store does not keep it: no store, a
    /// read-only one, a failed write, or a save of a question it holds no copy of.
    func setSaved(site: String, questionID: Int, saved: Bool) {
        let refuse: @MainActor (SaveRefusal) -> Void = { [weak self] refusal in
            self?.send(.saveRefused(site: site, questionID: questionID, saved: saved, refusal))
        }
        let progress: @MainActor (SaveProgress) -> Void = { [weak self] progress in
            self?.send(.saveProgress(site: site, questionID: questionID, saved: saved, progress))
        }
        guard let local else { return refuse(.noStore(storeProblem)) }
        local.setSaved(saved, site: site, questionID: questionID) { outcome in
            switch outcome {
            case .waiting(let why): progress(.waiting(why))
            case .kept: progress(.kept)
            case .notHeld: refuse(.notHeld)
            case .writesPaused(let why): refuse(.readOnly(why))
            case .failed(let why): refuse(.failed(why))
            }
        }
    }

    /// Runs one read of the store under `token` and sends `answer` of what it found; a read cancelled meanwhile
    /// (`.cancel(token)`: its screen closed) or that failed sends nothing, nor does one without a store.
    private func readStore<Value: Sendable>(
        _ token: LoadToken,
        _ start: (LocalDataManager, @escaping RetrievalCompletion<Value>) -> RetrievalHandle,
        answer: @escaping @MainActor (Value) -> LoadResult
    ) {
        guard let local else { return }
        track(token, start(local) { [weak self] result in
            self?.finish(token, (try? result.get()).map { .loaded(token, answer($0)) })
        })
    }
}

extension ReadState {
    /// The reducer's view of a read mark the store keeps.
    init(_ mark: StoredReadMark) {
        self.init(answerCount: mark.answerCount, lastActivity: mark.lastActivity)
    }
}
