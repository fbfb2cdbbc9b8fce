import TeXMath
import Foundation
import StackAPI

/// Live activity in the question list: rows as the message carries them (no request per message), and the row under
/// the cursor never moves. At the top of the list (nothing scrolled away, and the cursor stays on screen) new
/// questions slide in above the cursor's; otherwise they wait in `LiveArrivals`, counted in the banner, until `.`
/// (`Command.showLive`). A question already on the list takes the message's title, tags and date in place and, in
/// activity order, waits to move to the top until `.` too.
extension QuestionListFeature {
    /// A batch of activity (oldest first) for this list; ignored unless the list takes activity and shows rows.
    static func liveArrived(_ batch: [LiveActivity], _ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        let settings = list.settings
        let kept = batch.filter { $0.site == settings.site && $0.carries(allOf: settings.tagged) }
        return arrive(kept.map(LiveArrival.message), &list, context)
    }

    /// Questions a poll or gap fill brought (the API's rows, in any order): the same path as a batch of activity —
    /// slide-in, banner, watched tags — with the API's score and answer count; a row already on the list takes the
    /// API's copy in place and counts as changed only when its activity is newer than the row's.
    static func polledArrived(_ questions: [Question], _ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        let distantPast = Date.distantPast
        let oldestFirst = questions.sorted { ($0.lastActivityDate ?? distantPast) < ($1.lastActivityDate ?? distantPast) }
        return arrive(oldestFirst.map(LiveArrival.polled), &list, context)
    }

    /// Arrivals (oldest first) into the list, without moving the cursor's row.
    private static func arrive(_ arrivals: [LiveArrival], _ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let settings = list.settings
        guard settings.takesLiveActivity, !list.rows.items.isEmpty else { return out }
        // In creation order only a question newer than every row is new (ids grow with creation); an older one that
        // is active again has no place on top.
        let newestID = list.rows.items.lazy.map(\.questionID).max() ?? 0
        var arrived: [Question] = []
        var watched: [Question] = []
        for arrival in arrivals {
            let id = arrival.questionID
            if let index = list.rows.items.firstIndex(where: { $0.questionID == id }) {
                if arrival.isCanonical { list.live.fromMessage.remove(id) }
                if arrival.update(&list.rows.items[index]), settings.sort == .activity {
                    list.live.changed.removeAll { $0 == id }
                    list.live.changed.insert(id, at: 0)
                }
            } else if let index = list.live.new.firstIndex(where: { $0.questionID == id }) {
                var question = list.live.new.remove(at: index)
                if arrival.isCanonical { list.live.fromMessage.remove(id) }
                arrival.update(&question)
                list.live.new.insert(question, at: 0)
            } else if settings.sort == .activity || id > newestID {
                let question = arrival.question(creationOrder: settings.sort == .creation)
                list.live.new.insert(question, at: 0)
                if !arrival.isCanonical { list.live.fromMessage.insert(id) }
                arrived.append(question)
                if id > newestID, isWatched(question, context) { watched.append(question) }
            }
        }
        if list.live.keepWithinLimit() {
            let waiting = Set(list.live.new.map(\.questionID))
            arrived.removeAll { !waiting.contains($0.questionID) }
        }
        callReader(watched, context, &out)
        slideInAtTop(&list, rows: context.viewport.listRows)
        list.rows.askReadMarks(arrived, context, &out)
        return out
    }

    /// Whether `question` carries a watched tag.
    private static func isWatched(_ question: Question, _ context: ScreenContext) -> Bool {
        !context.watchedTags.isEmpty && question.tags.contains { context.watchedTags.contains($0.lowercased()) }
    }

    /// New questions in watched tags (newer than every row: ids grow with creation) call the reader once per batch
    /// and count until opened.
    private static func callReader(_ watched: [Question], _ context: ScreenContext, _ out: inout Outcome) {
        guard let first = watched.first else { return }
        out.watchedArrived.formUnion(watched.map(\.questionID))
        let tags = first.tags.filter { context.watchedTags.contains($0.lowercased()) }.joined(separator: " ")
        let title = MathText.line(first.title, options: context.siteMath.options)
        let message = watched.count == 1 ? "New in [\(tags)]: \(title)" : "\(watched.count) new questions in watched tags"
        out.effects.append(.alertWatched(message: message))
    }

    /// Puts the new questions above the first row when the list shows its top and the cursor's row stays on screen.
    private static func slideInAtTop(_ list: inout QuestionListState, rows: Int) {
        let count = list.live.new.count
        guard count > 0, list.rows.scrollOffset == 0, list.rows.selection + count < rows else { return }
        insertOnTop(list.live.new, &list.rows)
        list.rows.selection += count
        list.live.new = []
    }

    /// `.`: every question waiting goes on top (the changed ones leave their place), most recent activity first, and
    /// the cursor goes to the first.
    static func showLive(_ list: inout QuestionListState, _ context: ScreenContext, _ out: inout Outcome) {
        guard !list.live.isEmpty else {
            out.setStatus("Nothing new arrived live", isError: false)
            return
        }
        let changed = Set(list.live.changed)
        let moved = list.rows.items.filter { changed.contains($0.questionID) }
        list.rows.items.removeAll { changed.contains($0.questionID) }
        let distantPast = Date.distantPast
        let top = (list.live.new + moved).sorted { ($0.lastActivityDate ?? distantPast) > ($1.lastActivityDate ?? distantPast) }
        list.rows.loadedIDs.subtract(changed)
        insertOnTop(top, &list.rows)
        list.live.taken()
        out.clearStatus()
        list.rows.select(0, context, &out, list.pageLoad(context))
    }

    private static func insertOnTop(_ questions: [Question], _ rows: inout PagedList<Question>) {
        rows.items.insert(contentsOf: questions, at: 0)
        rows.loadedIDs.formUnion(questions.map(\.questionID))
    }
}

/// One question arriving live: as a socket message carries it, or as the API's poll sent it.
private enum LiveArrival {
    case message(LiveActivity)
    case polled(Question)

    var questionID: Int {
        switch self {
        case .message(let activity): activity.questionID
        case .polled(let question): question.questionID
        }
    }

    /// Whether the row is the API's (score and answer count known).
    var isCanonical: Bool {
        if case .polled = self { true } else { false }
    }

    /// The row for a question not on the list (in creation order a message's date is its creation's).
    func question(creationOrder: Bool) -> Question {
        switch self {
        case .message(let activity): Question(activity, created: creationOrder ? activity.lastActivityDate : nil)
        case .polled(let question): question
        }
    }

    /// Brings `row` up to date; true when it changed as activity counts it (a message always; the API's copy when its
    /// last activity is newer than the row's — otherwise the row keeps its title and date, a message's maybe).
    @discardableResult
    func update(_ row: inout Question) -> Bool {
        switch self {
        case .message(let activity):
            row.take(activity)
            return true
        case .polled(let question):
            let distantPast = Date.distantPast
            let newer = (question.lastActivityDate ?? distantPast) > (row.lastActivityDate ?? distantPast)
            var copy = question
            if !newer { // a message may have said more recent things than the API's copy
                copy.title = row.title
                copy.lastActivityDate = row.lastActivityDate ?? question.lastActivityDate
            }
            row = copy
            return newer
        }
    }
}
