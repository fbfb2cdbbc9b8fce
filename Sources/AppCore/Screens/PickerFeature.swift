import StackAPI

/// A list to choose one entry from, narrowed by typing: sites, or a question's tags.
public struct PickerState: Hashable, Sendable {
    /// What choosing an entry does.
    public enum Purpose: Hashable, Sendable {
        case site
        case tag
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
    public var pending: PendingLoad?
    public var error: APIError?

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

    /// The title of the picker screen.
    public var title: String {
        switch purpose {
        case .site: "Switch site — type to filter, Enter to choose"
        case .tag: "Filter by tag — Enter to choose"
        }
    }
}

/// The picker's reducer: typing filters, the arrows move, Enter chooses.
enum PickerFeature {
    /// The site picker, loading the list of sites.
    static func sites(_ shared: inout SharedState) -> (PickerState, [Effect]) {
        let token = shared.makeToken()
        var picker = PickerState(purpose: .site)
        picker.pending = PendingLoad(token: token, page: 1)
        return (picker, Reducer.load(.loadSites(token), token: token))
    }

    static func sitesLoaded(_ token: LoadToken, _ result: Result<[Site], APIError>, _ picker: inout PickerState,
                            _ shared: inout SharedState) {
        guard picker.pending?.token == token else { return }
        picker.pending = nil
        switch result {
        case .success(let sites):
            picker.entries = sites.map { .init(value: $0.apiSiteParameter, label: siteLabel($0)) }
            picker.selection = picker.entries.firstIndex { $0.value == shared.site } ?? 0
        case .failure(let error):
            if error.isUserVisible { picker.error = error }
            shared.report(error)
        }
    }

    /// `Name (api_name) · domain`: what the site picker shows and filters on.
    static func siteLabel(_ site: Site) -> String {
        var domain = Substring(site.siteURL)
        for scheme in ["https://", "http://"] where domain.hasPrefix(scheme) { domain = domain.dropFirst(scheme.count) }
        return "\(site.name) (\(site.apiSiteParameter))" + (domain.isEmpty ? "" : " · " + domain)
    }

    /// Keys the picker handles itself (typing filters); nil lets the keymap have the key.
    static func key(_ key: Key, _ picker: inout PickerState, _ shared: SharedState) -> Outcome? {
        let count = picker.visibleEntries.count
        let page = shared.viewport.contentRows - 1
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
        case .down: picker.selection = min(picker.selection + 1, max(0, count - 1))
        case .up: picker.selection = max(picker.selection - 1, 0)
        case .pageDown: picker.selection = min(picker.selection + page, max(0, count - 1))
        case .pageUp: picker.selection = max(picker.selection - page, 0)
        case .home: picker.selection = 0
        case .end: picker.selection = max(0, count - 1)
        case .enter:
            return choose(picker)
        default:
            return nil
        }
        return Outcome()
    }

    /// Enter: closes the picker and lists by the chosen site or tag.
    private static func choose(_ picker: PickerState) -> Outcome {
        let visible = picker.visibleEntries
        guard visible.indices.contains(picker.selection) else { return Outcome() }
        let value = visible[picker.selection].value
        switch picker.purpose {
        case .site: return Outcome([], [.pop, .browse(.site(value))])
        case .tag: return Outcome([], [.pop, .browse(.tag(value))])
        }
    }
}
