import StackAPI

extension Reducer {
    // MARK: Prompts (search, tags)

    /// Opens the one-line prompt; the tag prompt starts with the current tags.
    static func openPrompt(_ purpose: PromptState.Purpose, _ state: inout AppState) -> [Effect] {
        let initial = purpose == .tags ? state.settings.tagged.joined(separator: ";") : ""
        let editor = LineEditor(text: initial, history: purpose == .search ? state.searchHistory : [])
        state.prompt = PromptState(purpose: purpose, editor: editor)
        return []
    }

    static func promptKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        switch prompt.editor.handle(key) {
        case .editing:
            state.prompt = prompt
            return []
        case .cancelled:
            state.prompt = nil
            return []
        case .submitted(let text):
            state.prompt = nil
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            switch prompt.purpose {
            case .search:
                if !trimmed.isEmpty {
                    state.searchHistory.removeAll { $0 == trimmed }
                    state.searchHistory.append(trimmed)
                }
                return browse({ $0.searchQuery = trimmed.isEmpty ? nil : trimmed }, &state)
            case .tags:
                let tags = trimmed.split(whereSeparator: { $0 == ";" || $0 == " " }).map(String.init)
                return browse({ $0.tagged = tags }, &state)
            }
        }
    }

    // MARK: Pickers (sites, a question's tags)

    static func openSitePicker(_ state: inout AppState) -> [Effect] {
        let token = state.makeToken()
        var picker = PickerState(purpose: .site)
        picker.pending = PendingLoad(token: token, page: 1)
        state.picker = picker
        state.screens.append(.picker)
        return load(.loadSites(token), token: token)
    }

    static func openTagPicker(_ state: inout AppState) -> [Effect] {
        guard let question = state.thread?.thread?.question ?? state.thread?.summary, !question.tags.isEmpty else {
            setStatus(&state, "This question has no tags", isError: false)
            return []
        }
        state.picker = PickerState(purpose: .tag, entries: question.tags.map { .init(value: $0, label: $0) })
        state.screens.append(.picker)
        return []
    }

    static func sitesLoaded(_ token: LoadToken, _ result: Result<[Site], APIError>, _ state: inout AppState) -> [Effect] {
        guard var picker = state.picker, picker.pending?.token == token else { return [] }
        picker.pending = nil
        switch result {
        case .success(let sites):
            picker.entries = sites.map { .init(value: $0.apiSiteParameter, label: "\($0.name) (\($0.apiSiteParameter))") }
            picker.selection = picker.entries.firstIndex { $0.value == state.settings.site } ?? 0
        case .failure(let error):
            if error.isUserVisible { picker.error = error }
            report(error, &state)
        }
        state.picker = picker
        return []
    }

    /// Keys the picker handles itself (typing filters); nil lets the keymap have the key.
    static func pickerKey(_ key: Key, _ state: inout AppState) -> [Effect]? {
        guard var picker = state.picker else { return nil }
        let count = picker.visibleEntries.count
        let page = state.viewport.contentRows - 1
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
            return choose(&state)
        case .escape:
            return closePicker(&state)
        default:
            return nil
        }
        state.picker = picker
        return []
    }

    static func pickerCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
        switch command {
        case .back, .cancelOrBack: return closePicker(&state)
        case .help: return openHelp(&state)
        default: return []
        }
    }

    private static func closePicker(_ state: inout AppState) -> [Effect] {
        let effects: [Effect] = state.picker?.pending.map { [.cancel($0.token)] } ?? []
        state.picker = nil
        if state.screens.count > 1 { state.screens.removeLast() }
        return effects
    }

    private static func choose(_ state: inout AppState) -> [Effect] {
        guard let picker = state.picker else { return [] }
        let visible = picker.visibleEntries
        guard visible.indices.contains(picker.selection) else { return [] }
        let value = visible[picker.selection].value
        state.picker = nil
        switch picker.purpose {
        case .site:
            var effects = browse({ $0.site = value; $0.searchQuery = nil; $0.tagged = [] }, &state)
            if let pending = state.feed.pending { effects.append(.cancel(pending.token)) }
            state.feed = PagedList<Answer>()
            state.feedTitles = [:] // question ids belong to a site
            return effects
        case .tag:
            return browse({ $0.tagged = [value]; $0.searchQuery = nil }, &state)
        }
    }
}
