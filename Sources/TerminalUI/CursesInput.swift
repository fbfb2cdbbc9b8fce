import AppCore

/// One raw input as curses' `wget_wch` returns it, before it becomes a `Key`.
public enum CursesInput: Hashable, Sendable {
    /// A character (`OK`): a Unicode scalar value, control characters included.
    case character(UInt32)
    /// A decoded key (`KEY_CODE_YES`): a curses `KEY_*` code.
    case keyCode(Int32)
    /// A mouse event curses decoded (`KEY_MOUSE`, then `getmouse`).
    case mouse(MouseEvent)

    /// The escape character, which starts both a lone Esc press and undecoded key sequences.
    static let escape = CursesInput.character(0x1B)
}

/// What one drain of the input queue produced.
public struct InputBatch: Equatable, Sendable {
    /// The keys, in the order they were pressed.
    public var keys: [Key]
    /// True when curses reported `KEY_RESIZE` (the screen size changed).
    public var sawResize: Bool

    public init(keys: [Key] = [], sawResize: Bool = false) {
        self.keys = keys
        self.sawResize = sawResize
    }
}
