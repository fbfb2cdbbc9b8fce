import StackAPI

/// An answer or comment the logged-in user is writing in `$EDITOR`: its text as the editor left it and where it
/// stands — the editor open, the preview asked for, the preview shown in the thread (Enter sends it), the send
/// on its way.
public struct ComposeState: Hashable, Sendable {
    public enum Stage: Hashable, Sendable {
        /// The editor is open on the draft.
        case editing
        /// The preview (`preview=true`) is on its way.
        case previewing(LoadToken)
        /// The preview is shown in the thread; Enter sends it.
        case previewed(ComposedPost)
        /// The post is on its way; `preview` shows meanwhile.
        case sending(LoadToken, preview: ComposedPost)
    }

    public var compose: PostCompose
    public var text = ""
    public var stage = Stage.editing

    public init(compose: PostCompose) {
        self.compose = compose
    }

    /// The preview to show in the thread, once the API sent it.
    public var preview: ComposedPost? {
        switch stage {
        case .previewed(let post), .sending(_, let post): post
        case .editing, .previewing: nil
        }
    }

    /// The load this compose waits for, if any.
    var token: LoadToken? {
        switch stage {
        case .previewing(let token), .sending(let token, _): token
        case .editing, .previewed: nil
        }
    }
}

/// What the runtime needs to open the editor on a draft: what is written, the question's title for the file's
/// header, and the text to start from (nil: the draft the store keeps, else nothing).
public struct EditRequest: Hashable, Sendable {
    public var compose: PostCompose
    public var title: String
    public var text: String?

    public init(compose: PostCompose, title: String, text: String?) {
        self.compose = compose
        self.title = title
        self.text = text
    }
}
