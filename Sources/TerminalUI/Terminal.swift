import AppCore
import CNcursesw
import CTermGuard
import Foundation
import TextEngine

/// The curses screen: starts and stops curses, reports the size, reads keys and presents `ScreenBuffer`s.
/// Main thread only; one started `Terminal` per process at a time.
@MainActor
public final class Terminal {
    /// The descriptor keys are read from (watch it for readability; do not read it yourself).
    public let inputDescriptor: Int32
    public let outputDescriptor: Int32
    /// The terminfo type curses uses; nil means `$TERM`.
    public let terminalType: String?
    /// Whether `start()` installs the fatal-signal guard (only effective when the input is a tty).
    public let installsCrashGuard: Bool
    /// True between `start()` and `stop()`.
    public private(set) var isStarted = false
    /// True when cells are drawn in colour (the terminal has colours and `NO_COLOR` is not set).
    public private(set) var colorsEnabled = false
    /// True to ask the terminal for wheel turns and clicks at `start()` (the config's `mouse`, default true).
    public var mouseEnabled = true
    /// The colours the roles are drawn in; setting it while started re-initialises the colour pairs and repaints.
    public var theme: ColorTheme {
        didSet {
            guard isStarted, theme != oldValue else { return }
            configureColors()
            presented = nil
        }
    }

    private var inputFile: UnsafeMutablePointer<FILE>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    private var screen: OpaquePointer?
    private var descriptorsOpen = true
    private(set) var colorCount = 0
    /// The buffer on screen now; nil forces a full repaint.
    var presented: ScreenBuffer?
    /// Bracketed paste's state between two reads of the input.
    private var paste = BracketedPasteState()
    private static let escapeDelayMilliseconds: Int32 = 25
    private static let maxInputsPerDrain = 4096

    /// The process's own terminal: keys from stdin, output to stdout.
    public convenience init(terminalType: String? = nil, installsCrashGuard: Bool = true) {
        self.init(ownedInput: dup(STDIN_FILENO), ownedOutput: dup(STDOUT_FILENO),
                  terminalType: terminalType, installsCrashGuard: installsCrashGuard)
    }

    /// A terminal on files, e.g. `/dev/null` for tests that drive curses without a tty.
    public convenience init(inputPath: String, outputPath: String, terminalType: String? = nil,
                            installsCrashGuard: Bool = false) throws {
        let input = open(inputPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw TerminalError.cannotOpen(path: inputPath, errno: errno) }
        let output = open(outputPath, O_WRONLY | O_CLOEXEC)
        guard output >= 0 else {
            let code = errno
            close(input)
            throw TerminalError.cannotOpen(path: outputPath, errno: code)
        }
        self.init(ownedInput: input, ownedOutput: output, terminalType: terminalType,
                  installsCrashGuard: installsCrashGuard)
    }

    /// A terminal on copies of the given descriptors (e.g. a pipe's read end for tests).
    public convenience init(inputDescriptor: Int32, outputDescriptor: Int32, terminalType: String? = nil,
                            installsCrashGuard: Bool = false) {
        self.init(ownedInput: dup(inputDescriptor), ownedOutput: dup(outputDescriptor),
                  terminalType: terminalType, installsCrashGuard: installsCrashGuard)
    }

    private init(ownedInput: Int32, ownedOutput: Int32, terminalType: String?, installsCrashGuard: Bool) {
        self.inputDescriptor = ownedInput
        self.outputDescriptor = ownedOutput
        self.terminalType = terminalType
        self.installsCrashGuard = installsCrashGuard
        self.theme = .standard
    }

    isolated deinit {
        stop()
        releaseDescriptors()
    }

    /// Sets the locale, starts curses (cbreak, no echo, keypad, non-blocking input, hidden cursor, colours)
    /// and installs the crash guard.
    public func start() throws {
        guard !isStarted else { throw TerminalError.alreadyStarted }
        guard descriptorsOpen else { throw TerminalError.stopped }
        Self.useUTF8Locale()
        if installsCrashGuard { stackterm_termguard_save(inputDescriptor) }
        guard let output = outputFile ?? fdopen(outputDescriptor, "w"),
              let input = inputFile ?? fdopen(inputDescriptor, "r") else {
            throw TerminalError.cannotOpen(path: "descriptor", errno: errno)
        }
        outputFile = output
        inputFile = input
        let type = terminalType ?? ProcessInfo.processInfo.environment["TERM"]
        let created: OpaquePointer? = type.map { name in name.withCString { newterm($0, output, input) } } ?? nil
        guard let created else {
            stackterm_termguard_uninstall()
            throw TerminalError.unknownTerminalType(type)
        }
        screen = created
        isStarted = true
        configureInput()
        configureColors()
        writeDirectly(BracketedPaste.enable)
        presented = nil
        if installsCrashGuard { stackterm_termguard_install() }
    }

    /// Leaves curses and restores the terminal; safe to call more than once and from any exit path.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        writeDirectly(BracketedPaste.disable)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        if installsCrashGuard {
            stackterm_termguard_restore()
            stackterm_termguard_uninstall()
        }
        releaseDescriptors()
        presented = nil
    }

    /// Gives the terminal back for a job-control stop: leaves curses (main screen, cursor, the tty modes saved
    /// at start) but keeps it set up for `resume()`.
    public func suspend() {
        guard isStarted else { return }
        writeDirectly(BracketedPaste.disable)
        endwin()
        if installsCrashGuard { stackterm_termguard_restore() }
        if let outputFile { fflush(outputFile) }
    }

    /// Re-enters curses after `suspend()` (tty modes, alternate screen, the last frame redrawn); the next
    /// `present` repaints every cell.
    public func resume() {
        guard isStarted, let window = stackterm_stdscr() else { return }
        clearok(window, true)
        wnoutrefresh(window)
        doupdate()
        writeDirectly(BracketedPaste.enable)
        presented = nil
    }

    /// Writes a terminal mode curses does not know of (bracketed paste) straight to the output, flushed.
    private func writeDirectly(_ sequence: String) {
        guard let outputFile else { return }
        fputs(sequence, outputFile)
        fflush(outputFile)
    }

    /// Makes the next `present` repaint every cell, clearing the screen first: what another program wrote over the
    /// frame goes (Ctrl-L).
    public func repaintAll() {
        guard isStarted, let window = stackterm_stdscr() else { return }
        clearok(window, true)
        presented = nil
    }

    /// Closes the input and output (through their FILEs once curses opened them); once.
    private func releaseDescriptors() {
        guard descriptorsOpen else { return }
        descriptorsOpen = false
        if let inputFile { fclose(inputFile) } else { close(inputDescriptor) }
        if let outputFile { fclose(outputFile) } else { close(outputDescriptor) }
        inputFile = nil
        outputFile = nil
    }

    /// The screen size curses works with, in cells.
    public var size: (columns: Int, rows: Int) {
        guard isStarted, let window = stackterm_stdscr() else { return (0, 0) }
        return (Int(stackterm_getmaxx(window)), Int(stackterm_getmaxy(window)))
    }

    /// The size of the tty behind the output (or input) descriptor, or nil when neither is a tty.
    public func ttySize() -> (columns: Int, rows: Int)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        for descriptor in [outputDescriptor, inputDescriptor]
        where stackterm_tty_size(descriptor, &rows, &columns) == 0 {
            return (Int(columns), Int(rows))
        }
        return nil
    }

    /// Tells curses the screen is now `columns`×`rows`; the next `present` repaints everything.
    public func resize(columns: Int, rows: Int) {
        guard isStarted, columns > 0, rows > 0 else { return }
        resizeterm(Int32(rows), Int32(columns))
        presented = nil
    }

    /// Drains every pending input without waiting: keys in order, and whether the size changed.
    public func readInput() -> InputBatch {
        guard isStarted, let window = stackterm_stdscr() else { return InputBatch() }
        var inputs: [CursesInput] = []
        var sawResize = false
        var value: UInt32 = 0
        for _ in 0..<Self.maxInputsPerDrain {
            let result = stackterm_get_wch(window, &value)
            if result == stackterm_ok() {
                inputs.append(.character(value))
            } else if result == stackterm_key_code_yes() {
                guard let code = Int32(exactly: value) else { continue } // no curses key code is this large
                if code == KEY_RESIZE {
                    sawResize = true
                } else if code == KEY_MOUSE {
                    if let event = Self.readMouse() { inputs.append(.mouse(event)) }
                } else {
                    inputs.append(.keyCode(code))
                }
            } else {
                break
            }
        }
        return InputBatch(keys: KeyDecoder.decode(inputs, paste: &paste), sawResize: sawResize)
    }

    /// True when the input has reached end of file or hung up (and nothing is left to read).
    public var inputIsClosed: Bool {
        stackterm_input_is_closed(inputDescriptor) != 0
    }

    /// The mouse event behind a `KEY_MOUSE`, when it is one the app uses.
    private static func readMouse() -> MouseEvent? {
        var row: Int32 = 0
        var column: Int32 = 0
        let kind: MouseEvent.Kind
        switch stackterm_read_mouse(&row, &column) {
        case 1: kind = .wheelUp
        case 2: kind = .wheelDown
        case 3: kind = .click
        case 4: kind = .doubleClick
        default: return nil
        }
        return MouseEvent(kind, row: Int(row), column: Int(column))
    }

    private func configureInput() {
        guard let window = stackterm_stdscr() else { return }
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        nodelay(window, true)
        leaveok(window, true)
        curs_set(0)
        stackterm_set_escdelay(Self.escapeDelayMilliseconds)
        _ = stackterm_enable_mouse(mouseEnabled ? 1 : 0)
    }

    private func configureColors() {
        colorsEnabled = false
        guard !CursesStyle.colorDisabled(by: ProcessInfo.processInfo.environment), has_colors() else { return }
        start_color()
        colorCount = Int(stackterm_colors())
        let normal = CursesStyle.foreground(for: .normal, theme: theme, colorCount: colorCount) ?? -1
        let background: Int16 = assume_default_colors(Int32(normal), -1) == stackterm_ok() ? -1 : Int16(COLOR_BLACK)
        for color in CellColor.allCasesForPairs {
            let fallback = background == -1 ? normal : Int16(COLOR_WHITE)
            let foreground = CursesStyle.foreground(for: color, theme: theme, colorCount: colorCount) ?? fallback
            init_pair(Int16(color.rawValue), foreground, background)
        }
        colorsEnabled = true
    }

    /// Sets the process locale so wide characters (and `wcwidth`) work: the user's locale, or C.UTF-8 for
    /// LC_CTYPE when that locale is not UTF-8 (e.g. plain "C"). `start()` calls it; call it earlier to measure
    /// text widths before the terminal starts (tests, benchmarks).
    public static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        if stackterm_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}

extension CellColor {
    /// The colours that get a curses pair of their own (all but `.normal`, which is pair 0).
    static let allCasesForPairs: [CellColor] = CellColor.allCases.filter { $0 != .normal }
}
