import StackAPI

/// A one-line prompt at the bottom of the screen (search or tag filter) and its editor.
public struct PromptState: Hashable, Sendable {
    /// What the prompt is for.
    public enum Purpose: Hashable, Sendable {
        case search
        case tags
        /// In-page find in the question view.
        case find
    }
    public var purpose: Purpose
    public var editor: LineEditor

    public init(purpose: Purpose, editor: LineEditor) {
        self.purpose = purpose
        self.editor = editor
    }

    /// The label shown before the text.
    public var label: String {
        switch purpose {
        case .search: "Search: "
        case .tags: "Tags (a;b, empty clears): "
        case .find: "Find: "
        }
    }
}

extension Reducer {
    /// Opens the one-line prompt; the tag prompt starts with the current tags.
    static func openPrompt(_ purpose: PromptState.Purpose, _ state: inout AppState) -> [Effect] {
        let initial = purpose == .tags ? state.settings.tagged.joined(separator: ";") : ""
        let history = switch purpose {
        case .search: state.searchHistory
        case .find: state.shared.findHistory
        case .tags: [String]()
        }
        let editor = LineEditor(text: initial, history: history)
        state.prompt = PromptState(purpose: purpose, editor: editor)
        return []
    }

    /// Submits an in-page find; an empty one repeats the last (like `less`), and with none before does nothing.
    private static func find(_ text: String?, _ state: inout AppState) -> [Effect] {
        if let text {
            state.shared.findHistory.removeAll { $0 == text }
            state.shared.findHistory.append(text)
        }
        guard let pattern = text ?? state.shared.findHistory.last else { return [] }
        return updateTop(.question, &state) { QuestionFeature.find(pattern, &$0, $1) }
    }

    /// Keys while a prompt is open: editing, Esc closes it, Enter lists by what was typed.
    static func promptKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        if key == .tab, prompt.purpose == .tags {
            let completion = TagCompletion.complete(prompt.editor, known: state.knownTags)
            prompt.editor = completion.editor
            state.prompt = prompt
            if let message = completion.message { state.shared.setStatus(message, isError: false) }
            return []
        }
        state.prompt = nil // the editor's text is then held once, and typing appends to it in place
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
                var remember: [Effect] = []
                if !trimmed.isEmpty {
                    state.shared.searchHistory.removeAll { $0 == trimmed }
                    state.shared.searchHistory.append(trimmed)
                    remember = [.remember(.search(site: state.shared.site, query: trimmed))]
                }
                return remember + browse(.search(trimmed.isEmpty ? nil : trimmed), &state)
            case .tags:
                let tags = trimmed.split(whereSeparator: { $0 == ";" || $0 == " " }).map(String.init)
                return browse(.tags(tags), &state)
            case .find:
                return find(trimmed.isEmpty ? nil : text, &state)
            }
        }
    }
}
