import Foundation
import TestSupport

/// A difference between the online and the offline screens that README.md allows: each names the bullet of its list
/// "Online and offline differ only where the store cannot know what the API knows:" that gives the reason, and says
/// what is still compared.
enum ParityAllowance: String, CaseIterable {
    /// hot, week and month are online-only: nothing compared (offline `s` skips them).
    case onlineOnlySorts = "hot, week and month"
    /// A search may match other questions: the titles both show must come in the same order.
    case searchMatches = "Which questions a search matches"
    /// Relevance is each side's own ranking: only that both list questions.
    case relevanceOrder = "Search by relevance"
    /// Offline the picker lists the sites the store holds: each must be one the API lists.
    case heldSites = "The site picker"
}

/// What a step reads from each screen.
enum ParityReading: Equatable {
    /// The screen once settled: header, rows, the count on the status line.
    case screen
    /// A whole thread, page by page from its top to the licence line with its link.
    case thread
}

/// One user action of the parity script, done online and offline, and what is compared.
struct ParityStep {
    let name: String
    let keys: [TmuxInput]
    /// The keys offline when they differ (an online-only sort that offline `s` skips).
    var offlineKeys: [TmuxInput]?
    var reading: ParityReading = .screen
    /// The README bullet that allows the two screens to differ, nil when they must be the same.
    var allowed: ParityAllowance?
    /// An earlier step whose screen (header aside) this one must repeat on each side: the same tags in another order.
    var sameAs: String?

    init(_ name: String, _ keys: [TmuxInput], offline: [TmuxInput]? = nil, reading: ParityReading = .screen,
         allowed: ParityAllowance? = nil, sameAs: String? = nil) {
        self.name = name
        self.keys = keys
        offlineKeys = offline
        self.reading = reading
        self.allowed = allowed
        self.sameAs = sameAs
    }
}

/// Steps run in one stackterm session started with `arguments` (plus `--offline` for the offline run).
struct ParitySegment {
    let arguments: [String]
    let steps: [ParityStep]
}

/// The script: every list sort, two-tag filters both ways round, search in its four sorts, the answers feed, the site
/// picker, an answer link followed from a thread and given on the command line.
enum ParityScript {
    /// `t`, the prompt emptied, `tags` typed (none clears the filter), Enter.
    static func tags(_ tags: String) -> [TmuxInput] {
        [.text("t"), .key("C-u")] + (tags.isEmpty ? [] : [.text(tags)]) + [.key("Enter")]
    }
    static let search = "marlowe"

    static let segments = [
        ParitySegment(arguments: [], steps: [
            ParityStep("list by activity", []),
            ParityStep("list by creation", [.text("s")]),
            ParityStep("list by votes", [.text("s")]),
            // Offline `s` skips hot, week and month at once: it shows activity, and waits while online cycles on.
            ParityStep("list by hot", [.text("s")], allowed: .onlineOnlySorts),
            ParityStep("list by week", [.text("s")], offline: [], allowed: .onlineOnlySorts),
            ParityStep("list by month", [.text("s")], offline: [], allowed: .onlineOnlySorts),
            // `g` offline: a command, so the skip's status line goes as it would at any key.
            ParityStep("list by activity again", [.text("s")], offline: [.text("g")]),
            ParityStep("tagged plutus;nft", tags("plutus;nft")),
            ParityStep("tagged nft;plutus", tags("nft;plutus"), sameAs: "tagged plutus;nft"),
            // 57 questions: two pages, all on the screen with the end-of-list row (has_more false after page 2).
            ParityStep("tagged plutus;smart-contract", tags("plutus;smart-contract")),
            ParityStep("tagged smart-contract;plutus", tags("smart-contract;plutus"), sameAs: "tagged plutus;smart-contract"),
            ParityStep("tags cleared", tags("")),
            ParityStep("search by relevance", [.text("/"), .text(search), .key("Enter")], allowed: .relevanceOrder),
            ParityStep("search by activity", [.text("s")], allowed: .searchMatches),
            ParityStep("search by creation", [.text("s")], allowed: .searchMatches),
            ParityStep("search by votes", [.text("s")], allowed: .searchMatches),
            ParityStep("answers feed", [.text("a")]),
            ParityStep("answers feed, to its second page", [.text("G")]),
            ParityStep("site picker", [.text("S")], allowed: .heldSites),
        ]),
        ParitySegment(arguments: ["https://cardano.stackexchange.com/q/4797"], steps: [
            ParityStep("thread 4797, whose answer links to answer 4371", [], reading: .thread),
            ParityStep("its links", [.text("L")]),
            ParityStep("answer link /a/4371 followed: thread 4366", [.key("Down"), .key("Enter")], reading: .thread),
        ]),
        ParitySegment(arguments: ["https://cardano.stackexchange.com/a/4371/1231"], steps: [
            ParityStep("stackterm …/a/4371/1231: thread 4366", [], reading: .thread),
        ]),
    ]

    /// `stackterm print` runs compared line for line (each gets `--site cardano`, and the double or `--offline`).
    static let prints: [(name: String, arguments: [String])] = [
        ("print a list by votes", ["--sort", "votes", "--limit", "60"]),
        ("print a list tagged nft;plutus by creation", ["--sort", "creation", "--tagged", "nft;plutus"]),
        ("print --question …/a/4371/1231", ["--question", "https://cardano.stackexchange.com/a/4371/1231"]),
    ]
}
