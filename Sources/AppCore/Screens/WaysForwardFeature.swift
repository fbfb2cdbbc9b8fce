import StackAPI

/// A site the local store holds, as the ways-forward screen offers it.
public struct HeldSiteSummary: Hashable, Sendable {
    /// The site's API name.
    public var site: String
    /// How many of its questions the store holds.
    public var questionCount: Int

    public init(site: String, questionCount: Int) {
        self.site = site
        self.questionCount = questionCount
    }
}

/// The screen shown when a site's first page can come from nowhere — the network cannot be reached (or `--offline`)
/// and the store holds none of it: what happened, and every way forward, each one key away: retry, browse a site the
/// store holds, browse the sample site shipped with stackterm, or import a site's dump (the command shown).
public struct WaysForwardState: Hashable, Sendable {
    /// One way forward the user can choose.
    public enum Choice: Hashable, Sendable {
        case retry
        case sample
        case heldSite(HeldSiteSummary)
    }

    /// The site that could not be shown.
    public var site: String
    /// Why (the load's one-line error).
    public var reason: String
    /// The sites the store holds; nil until the store has answered.
    public var heldSites: [HeldSiteSummary]?
    public var selection = 0
    /// The store's list of its sites, until it answers.
    public var heldSitesLoad: LoadToken?
    /// The sample site's import, while it runs.
    public var sampleImport: LoadToken?
    /// Why the sample could not be imported, once it failed.
    public var sampleProblem: String?

    public init(site: String, reason: String) {
        self.site = site
        self.reason = reason
    }

    /// The choices in the order shown: retry, the sample (unless the store holds its site already: browsing that is
    /// the same way, listed once), then each site the store holds.
    public var choices: [Choice] {
        let held = heldSites ?? []
        let sample: [Choice] = held.contains { $0.site == Self.sampleSite } ? [] : [.sample]
        return [.retry] + sample + held.map(Choice.heldSite)
    }

    /// The site of the sample shipped with stackterm (StackStore's `SampleSite.site`; a test keeps them equal).
    public static let sampleSite = "cardano"

    /// The command that imports a site's dump, as the screen shows it.
    public static let importCommand = "stackterm import PATH   (a site's .7z from https://archive.org/details/stackexchange)"
}

extension WaysForwardState: ScreenFeature {
    var kind: ScreenKind { .waysForward }
    var screen: ScreenState { .waysForward(self) }
    var loadTokens: [LoadToken] { [heldSitesLoad, sampleImport].compactMap { $0 } }
    var commandsActedOn: Set<Command> { [.open, .reload] }
    var standsForFirstScreen: Bool { true }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        WaysForwardFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        switch result {
        case .heldSites(let sites): WaysForwardFeature.heldSitesLoaded(token, sites, &self)
        case .sampleImport(let sample): WaysForwardFeature.sampleImported(token, sample, &self)
        default: nil
        }
    }
}

/// The ways-forward screen's reducer: the arrows move, Enter chooses, the reload key retries.
enum WaysForwardFeature {
    /// Opens the screen for `site` and asks the store which sites it holds.
    static func start(_ ways: inout WaysForwardState, _ context: ScreenContext) -> Outcome {
        var outcome = Outcome()
        let token = outcome.makeToken(context)
        ways.heldSitesLoad = token
        outcome.effects = [.load(token, .heldSites)]
        return outcome
    }

    static func command(_ command: Command, _ ways: inout WaysForwardState, _ context: ScreenContext) -> Outcome {
        switch command {
        case .reload:
            return choose(.retry, &ways, context)
        case .open:
            let choices = ways.choices
            guard choices.indices.contains(ways.selection) else { return Outcome() }
            return choose(choices[ways.selection], &ways, context)
        default:
            if let target = CursorMove.target(command, from: ways.selection, last: ways.choices.count - 1,
                                              page: context.viewport.contentRows) {
                ways.selection = target
            }
            return Outcome()
        }
    }

    private static func choose(_ choice: WaysForwardState.Choice, _ ways: inout WaysForwardState, _ context: ScreenContext) -> Outcome {
        switch choice {
        case .retry:
            return Outcome([], [.retryBelow])
        case .heldSite(let held):
            return Outcome([], [.browse(.site(held.site))])
        case .sample:
            guard ways.sampleImport == nil else { return Outcome() }
            var outcome = Outcome()
            let token = outcome.makeToken(context)
            ways.sampleImport = token
            ways.sampleProblem = nil
            outcome.effects = [.load(token, .sampleImport)]
            outcome.setStatus("Importing the sample site into the local store…", isError: false)
            return outcome
        }
    }

    /// The store named the sites it holds.
    static func heldSitesLoaded(_ token: LoadToken, _ sites: [HeldSiteSummary], _ ways: inout WaysForwardState) -> Outcome {
        guard ways.heldSitesLoad == token else { return Outcome() }
        ways.heldSitesLoad = nil
        ways.heldSites = sites
        return Outcome()
    }

    /// The sample site's import ended: its list opens (from the store) with its source and date beside the status
    /// (a 2021 snapshot is not the live site), or the screen says why not.
    static func sampleImported(_ token: LoadToken, _ result: Result<ImportedSample, APIError>, _ ways: inout WaysForwardState) -> Outcome {
        guard ways.sampleImport == token else { return Outcome() }
        ways.sampleImport = nil
        switch result {
        case .success(let sample):
            var outcome = Outcome([], [.browse(.site(sample.site))])
            outcome.notice = sample.attribution
            outcome.storeOnly = true
            return outcome
        case .failure(let error):
            // The store's and the sample's faults say which file and why on their own: not prefixed "Offline:".
            if case .offline(let detail) = error {
                ways.sampleProblem = detail
            } else {
                ways.sampleProblem = error.summary(retryKey: nil)
            }
            var outcome = Outcome()
            outcome.setStatus("The sample site could not be imported: \(ways.sampleProblem ?? "")", isError: true)
            return outcome
        }
    }
}
