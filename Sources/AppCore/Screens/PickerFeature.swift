import StackAPI

/// A list to choose one entry from, narrowed by typing: sites, or a question's tags.
public struct PickerState: Hashable, Sendable {
    /// What choosing an entry does.
    public enum Purpose: Hashable, Sendable {
        case site
        case tag
        /// A question's tags, to watch or unwatch (`WatchedTags`).
        case watch
    }
    /// One choice: the value used and the label shown.
    public struct Entry: Hashable, Sendable {
        public var value: String
        public var label: String
        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }
    public var purpose: Purpose
    public var entries: [Entry] = []
    public var filter = ""
    public var selection = 0
    /// The sites' load under way, or why it failed.
    public internal(set) var load: LoadStatus = .idle

    /// The sites' load under way, if any.
    public var pending: PendingLoad? { load.pending }
    /// Why the sites could not be loaded.
    public var error: APIError? { load.error }

    public init(purpose: Purpose, entries: [Entry] = []) {
        self.purpose = purpose
        self.entries = entries
    }

    /// Entries whose label or value contains every word of the filter, case-insensitively.
    public var visibleEntries: [Entry] {
        let words = filter.lowercased().split(separator: " ")
        guard !words.isEmpty else { return entries }
        return entries.filter { entry in
            let haystack = (entry.label + " " + entry.value).lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
    }

    /// The title of the picker screen, with the keys that act on it in `keymap` (typing filters, so the back
    /// keys that type a character do not).
    public func title(_ keymap: Keymap) -> String {
        let name = switch purpose {
        case .site: "Switch site"
        case .tag: "Filter by tag"
        case .watch: "Watch or unwatch a tag"
        }
        let leaving = PickerKeys.leaving(in: keymap).map(\.label).joined(separator: "/")
        return name + " — type to filter, Enter chooses" + (leaving.isEmpty ? "" : ", \(leaving) back")
    }
}

extension PickerState: ScreenFeature {
    var kind: ScreenKind { .picker }
    var screen: ScreenState { .picker(self) }
    var loadTokens: [LoadToken] { [pending?.token].compactMap { $0 } }
    var commandsActedOn: Set<Command> { [.open] }
    var isOverlay: Bool { true }

    mutating func key(_ key: Key, _ context: ScreenContext) -> Outcome? {
        PickerFeature.key(key, &self, context)
    }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        PickerFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        guard case let .sites(sites, held) = result else { return nil }
        return PickerFeature.sitesLoaded(token, sites, held: held, &self, context)
    }

    mutating func showIndicator(_ token: LoadToken) {
        load.showIndicator(token)
    }
}

/// The picker's reducer: typing filters, the arrows move, Enter chooses.
enum PickerFeature {
    /// The site picker starts loading the list of sites.
    static func loadSites(_ picker: inout PickerState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let token = out.makeToken(context)
        picker.load = .loading(PendingLoad(token: token, page: 1))
        out.effects = Effect.withIndicator(.load(token, .sites), token: token)
        return out
    }

    /// The sites arrived: each an entry, those the local store holds (readable offline) marked `· in the store`.
    static func sitesLoaded(_ token: LoadToken, _ result: Result<[Site], APIError>, held: Set<String>, _ picker: inout PickerState,
                            _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard picker.load.finish(token, failure: result.failure) != nil else { return out }
        switch result {
        case .success(let sites):
            picker.entries = sites.map { site in
                .init(value: site.apiSiteParameter,
                      label: siteLabel(site) + (held.contains(site.apiSiteParameter) ? " · \(heldMark)" : ""))
            }
            picker.selection = picker.entries.firstIndex { $0.value == context.site } ?? 0
            // A site known only from the store has no `markdown_extensions`: the built-in table speaks for it.
            for site in sites {
                if let extensions = site.markdownExtensions { out.sitesWithMathJax[site.apiSiteParameter] = extensions.contains("MathJax") }
            }
        case .failure(let error):
            out.report(error, context)
        }
        return out
    }

    /// What marks a site the local store holds in the site picker (typing it keeps only those).
    static let heldMark = "in the store"

    /// `Name (api_name) · domain`: what the site picker shows and filters on; the name alone when it is the API name
    /// (a site known only from the local store), not `cardano (cardano)`.
    static func siteLabel(_ site: Site) -> String {
        var domain = Substring(site.siteURL)
        for scheme in ["https://", "http://"] where domain.hasPrefix(scheme) { domain = domain.dropFirst(scheme.count) }
        let name = site.name == site.apiSiteParameter ? site.name : "\(site.name) (\(site.apiSiteParameter))"
        return name + (domain.isEmpty ? "" : " · " + domain)
    }

    /// Keys the picker handles itself (typing filters, the arrows and paging keys move, Enter chooses); nil lets the
    /// keymap have the key (so only keys that type nothing, such as Left and Esc, reach the back commands).
    static func key(_ key: Key, _ picker: inout PickerState, _ context: ScreenContext) -> Outcome? {
        switch key {
        case .character(let character):
            picker.filter.append(character)
            picker.selection = 0
        case .backspace:
            guard !picker.filter.isEmpty else { return nil }
            picker.filter.removeLast()
            picker.selection = 0
        case .control("u"):
            picker.filter = ""
        case .down: return command(.moveDown, &picker, context)
        case .up: return command(.moveUp, &picker, context)
        case .pageDown: return command(.pageDown, &picker, context)
        case .pageUp: return command(.pageUp, &picker, context)
        case .home: return command(.top, &picker, context)
        case .end: return command(.bottom, &picker, context)
        case .enter: return command(.open, &picker, context)
        default:
            return nil
        }
        return Outcome()
    }

    /// The commands a picker acts on: the moves, and `open` (chooses, like Enter). Every other command is answered
    /// by the root or `CommandScope` (which says where it works).
    static func command(_ command: Command, _ picker: inout PickerState, _ context: ScreenContext) -> Outcome {
        if let target = CursorMove.target(command, from: picker.selection, last: picker.visibleEntries.count - 1,
                                          page: context.viewport.contentRows - 1) {
            picker.selection = target
        } else if command == .open {
            return choose(picker, context)
        }
        return Outcome()
    }

    /// Enter: closes the picker and lists by the chosen site or tag (or watches or unwatches the tag); with nothing to
    /// choose, says why.
    private static func choose(_ picker: PickerState, _ context: ScreenContext) -> Outcome {
        let visible = picker.visibleEntries
        guard visible.indices.contains(picker.selection) else {
            let why: String
            if picker.pending != nil { why = "Nothing to choose yet: the sites are loading" }
            else if !picker.entries.isEmpty { why = "Nothing to choose: no entry matches “\(picker.filter)”" }
            else { why = "Nothing to choose from" }
            var out = Outcome()
            out.setStatus(why, isError: false)
            return out
        }
        let value = visible[picker.selection].value
        switch picker.purpose {
        case .site: return Outcome([], [.pop, .browse(.site(value))])
        case .tag: return Outcome([], [.pop, .browse(.tag(value))])
        case .watch:
            var out = WatchedTags.toggle(value, context.watchedTags.contains(value.lowercased()))
            out.navigation = [.pop]
            return out
        }
    }
}
