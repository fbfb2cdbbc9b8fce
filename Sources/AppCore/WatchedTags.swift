/// `w` (`Command.watchTag`): a question's tag watched or unwatched, remembered for the next launches (the config's
/// `watch_tags` are where it starts until `w` is first used). One tag toggles at once; several open a picker of them,
/// the watched ones marked.
enum WatchedTags {
    /// `.remember(.watchedTags)` when the action changed the watched tags (`before`), else nothing.
    static func remember(before: [String], _ state: AppState) -> [Effect] {
        state.shared.watchedTags == before || state.isQuitting ? [] : [.remember(.watchedTags(state.shared.watchedTags))]
    }

    /// The command on a question carrying `tags`.
    static func command(_ tags: [String], _ context: ScreenContext) -> Outcome {
        guard let only = tags.first else {
            var out = Outcome()
            out.setStatus("This question has no tags", isError: false)
            return out
        }
        guard tags.count == 1 else { return Outcome([], [.openTagPicker(tags, purpose: .watch)]) }
        return toggle(only, context.watchedTags.contains(only.lowercased()))
    }

    /// Watches `tag` (or stops, when `isWatched`), saying so.
    static func toggle(_ tag: String, _ isWatched: Bool) -> Outcome {
        var out = Outcome()
        out.watch = (tag, !isWatched)
        out.setStatus(isWatched ? "No longer watching [\(tag)]"
                                : "Watching [\(tag)]: its new questions ring the bell and count in the title", isError: false)
        return out
    }
}
