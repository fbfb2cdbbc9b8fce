import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Moving inside a thread (issue 9, part 4): half pages, answer to answer, code block to code block, in-page
/// find with `n`/`N`, with the keys `less` and vim users reach for.
final class ThreadMovesTests: XCTestCase {
    /// A question (id 1, lines 0-39) with answers 10 (line 40), 11 (line 90) and 12 (line 150) in a 200-line
    /// document, code blocks at lines 20, 60 and 170, shown in a 24-row terminal (22 content rows).
    private func questionStore(lineTexts: [String] = []) throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(5, rows: 24)
        let answers = [10, 11, 12].map { Fixtures.answer(id: $0, question: 1, score: 20 - $0) }
        try store.openSelectedQuestion(loading: QuestionThread(question: Fixtures.question(id: 1), answers: answers))
        let measure = ThreadMeasure(lineCount: 200, postStarts: [1: 0, 10: 40, 11: 90, 12: 150], blocks: [],
                                    lineTexts: lineTexts, codeBlocks: [20, 60, 170].map { ThreadMeasure.CodeBlock(rows: $0..<$0 + 5, text: "code at \($0)") })
        store.layOut(questionID: 1, measure)
        return store
    }

    func testTheKeysAreBoundAndDocumented() {
        let keymap = Keymap.standard
        let expected: [(Key, Command)] = [
            (.control("d"), .halfPageDown), (.control("u"), .halfPageUp), (.control("f"), .pageDown), (.control("b"), .pageUp),
            (.character("]"), .nextAnswer), (.character("["), .previousAnswer), (.character("J"), .nextAnswer),
            (.character("K"), .previousAnswer), (.character("}"), .nextCodeBlock), (.character("{"), .previousCodeBlock),
            (.character("n"), .findNext), (.character("N"), .findPrevious), (.character("/"), .search),
        ]
        for (key, command) in expected { XCTAssertEqual(keymap.command(for: key), command, key.label) }
        for command in [Command.halfPageDown, .nextAnswer, .previousCodeBlock, .findNext] {
            XCTAssertFalse(keymap.keys(for: command).isEmpty)
            XCTAssertFalse(command.help.isEmpty)
        }
        XCTAssertEqual(Command(rawValue: "nextAnswer"), .nextAnswer, "remappable by name in [keys]")
    }

    /// Presses each step's keys in turn and checks the line then at the top of the view and the status message.
    private func walk(_ steps: [(keys: [Key], scroll: Int, status: String?)], _ store: ReducerTestStore,
                      line: UInt = #line) {
        for step in steps {
            for key in step.keys { store.press(key, line: line) }
            let keys = step.keys.map(\.label).joined(separator: " ")
            XCTAssertEqual(store.state.thread?.scroll, step.scroll, keys, line: line)
            XCTAssertEqual(store.state.status.message, step.status, keys, line: line)
        }
    }

    func testHalfAndFullPages() throws {
        let store = try questionStore()
        walk([([.control("d")], 11, nil), ([.control("f")], 33, nil), ([.control("u"), .control("u")], 11, nil),
              ([.control("b")], 0, nil)], store)
    }

    func testHalfPagesMoveTheCursorInAList() throws {
        let store = try ReducerTestStore.listing(40, rows: 24)
        store.press(.control("d"))
        XCTAssertEqual(store.state.list.selection, 10, "half of the 21 list rows (one row is the column header)")
        store.press(.character("d"), .character("k"), .control("u"))
        XCTAssertEqual(store.state.list.selection, 9)
    }

    func testNextAndPreviousAnswer() throws {
        let store = try questionStore()
        let j = Key.character("j")
        walk([([.character("]")], 40, nil), ([.character("J")], 90, nil),
              ([j, j, .character("[")], 90, nil), // [ in the middle of an answer goes to its start
              ([.character("K")], 40, nil), ([.character("["), .character("[")], 0, "Already at the top"),
              ([j], 1, nil), // moving on clears the message
              ([.character("G")], 178, nil), ([.character("]")], 178, "No answer below")], store)
    }

    func testTheLastAnswerNearTheBottomSaysSo() throws {
        let store = try questionStore()
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 160, postStarts: [1: 0, 10: 40, 11: 150], blocks: []))
        store.press(.character("]"), .character("]"))
        XCTAssertEqual(store.state.thread?.scroll, 138, "as far as the document goes")
        store.press(.character("]"))
        XCTAssertEqual(store.state.thread?.scroll, 138)
        XCTAssertEqual(store.state.thread?.currentPost(rows: 22), 11, "the answer ] went to is current though it starts below the top")
        XCTAssertEqual(store.state.status.message, "No answer below", "not \"Already at the bottom\": ] agrees with the status's answer 2/2")
    }

    func testNextAndPreviousCodeBlock() throws {
        let store = try questionStore()
        walk([([.character("}")], 20, nil), ([.character("}")], 60, nil), ([.character("{")], 20, nil),
              ([.character("{")], 20, "No code block above")], store)

        store.layOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: []))
        store.press(.character("}"))
        XCTAssertEqual(store.state.status.message, "No code block in this thread")
    }

    func testSlashInAQuestionFindsAndInAListSearches() throws {
        let store = try questionStore()
        store.press(.character("/"))
        XCTAssertEqual(store.state.prompt?.purpose, .find)
        XCTAssertEqual(store.state.prompt?.label, "Find: ")
        store.press(.escape)
        XCTAssertNil(store.state.prompt, "Esc cancels the prompt")
        XCTAssertEqual(store.state.screen, .question(id: 1), "and stays in the question")
        leaveTheQuestion(store)
        store.press(.character("/"))
        XCTAssertEqual(store.state.prompt?.purpose, .search, "in a list / still searches")
    }

    /// Presses `q` in the question, which cancels the store's reads it still waits for.
    private func leaveTheQuestion(_ store: ReducerTestStore, line: UInt = #line) {
        let cancels = store.leavingQuestionCancels
        XCTAssertEqual(cancels.count, 2, "its mark from before and its linked questions", line: line)
        store.send(.key(.character("q")), line: line)
        store.expectEffects(cancels, line: line)
    }

    /// Lines 0-199 where "Plutus" is on lines 5, 30 (twice, once as "plutus") and 120.
    private func findStore() throws -> ReducerTestStore {
        var texts = (0..<200).map { "line \($0)" }
        texts[5] = "Plutus scripts"
        texts[30] = "plutus and Plutus"
        texts[120] = "more PLUTUS here"
        return try questionStore(lineTexts: texts)
    }

    private func find(_ text: String, in store: ReducerTestStore, line: UInt = #line) {
        store.press(.character("/"), line: line)
        store.type(text, line: line)
        store.press(.enter, line: line)
    }

    func testFindIsCaseInsensitiveWithoutACapitalAndCountsMatches() throws {
        let store = try findStore()
        find("plutus", in: store)
        XCTAssertEqual(store.state.thread?.find?.matches, [FindMatch(line: 5, occurrence: 0), FindMatch(line: 30, occurrence: 0),
                                                     FindMatch(line: 30, occurrence: 1), FindMatch(line: 120, occurrence: 0)])
        XCTAssertEqual(store.state.status.message, "1/4 matches")
        XCTAssertEqual(store.state.thread?.scroll, 0, "a match in view does not scroll")

        find("Plutus", in: store)
        XCTAssertEqual(store.state.thread?.find?.matches.map(\.line), [5, 30], "a capital makes case matter")
        XCTAssertEqual(store.state.status.message, "1/2 matches")

        find("cardano", in: store)
        XCTAssertEqual(store.state.status.message, "not found: cardano")
        store.press(.character("n"))
        XCTAssertEqual(store.state.status.message, "not found: cardano")
    }

    func testNAndShiftNWalkTheMatchesAndWrap() throws {
        let store = try findStore()
        find("plutus", in: store)
        // Each key, the status it leaves and the line at the top of the view (a match out of view comes in two
        // lines below the top).
        let steps: [(key: Character, status: String, scroll: Int)] = [
            ("n", "2/4 matches", 28), ("n", "3/4 matches", 28), ("n", "4/4 matches", 118),
            ("n", "1/4 matches · search wrapped", 3), ("N", "4/4 matches · search wrapped", 118), ("N", "3/4 matches", 28),
        ]
        for step in steps {
            store.press(.character(step.key))
            XCTAssertEqual(store.state.status.message, step.status)
            XCTAssertEqual(store.state.thread?.scroll, step.scroll, step.status)
        }
        XCTAssertEqual(store.state.thread?.find?.currentMatch, FindMatch(line: 30, occurrence: 1))
    }

    func testNGoesOnFromTheViewOnceTheCurrentMatchIsOutOfIt() throws {
        let store = try findStore()
        find("plutus", in: store)
        store.press(.character("]"), .character("]")) // line 90
        store.press(.character("n"))
        XCTAssertEqual(store.state.thread?.find?.currentMatch?.line, 120)
        store.press(.character("["), .character("[")) // line 40
        store.press(.character("N"))
        XCTAssertEqual(store.state.thread?.find?.currentMatch, FindMatch(line: 30, occurrence: 1))
    }

    func testAnEmptyFindRepeatsTheLastAndEscClearsTheHighlights() throws {
        let store = try findStore()
        store.press(.character("n"))
        XCTAssertEqual(store.state.status.message, "Nothing to find again — / finds")
        find("", in: store)
        XCTAssertNil(store.state.thread?.find, "nothing to repeat yet")
        find("here", in: store)
        XCTAssertEqual(store.state.thread?.find?.matches.map(\.line), [120])
        find("", in: store)
        XCTAssertEqual(store.state.thread?.find?.pattern.text, "here", "empty repeats the last find")
        store.press(.escape)
        XCTAssertNil(store.state.thread?.find)
        XCTAssertEqual(store.state.status.message, "Find cleared")
        XCTAssertEqual(store.state.screen, .question(id: 1), "the first Esc only clears the find")
        find("here", in: store)
        leaveTheQuestion(store)
        XCTAssertEqual(store.state.screen, .questionList)
        XCTAssertNil(store.state.status.message, "the find's count does not follow onto the list")
    }

    func testANewLayoutFindsAgainInItsLines() throws {
        let store = try findStore()
        find("plutus", in: store)
        var texts = (0..<300).map { "line \($0)" }
        texts[250] = "plutus"
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 300, postStarts: [1: 0], blocks: [], lineTexts: texts))
        XCTAssertEqual(store.state.thread?.find?.matches, [FindMatch(line: 250, occurrence: 0)])
        XCTAssertNil(store.state.thread?.find?.current, "another count: n goes on from the view")
    }

    func testFindPatternOccurrences() {
        XCTAssertEqual(FindPattern("ab").occurrences(in: "abABab"), [0..<2, 2..<4, 4..<6])
        XCTAssertEqual(FindPattern("Ab").occurrences(in: "abAbab"), [2..<4])
        XCTAssertEqual(FindPattern("aa").occurrences(in: "aaaa"), [0..<2, 2..<4], "not overlapping")
        XCTAssertEqual(FindPattern("é").occurrences(in: "Été café"), [0..<1, 2..<3, 7..<8])
        XCTAssertEqual(FindPattern("x").occurrences(in: ""), [])
    }
}
