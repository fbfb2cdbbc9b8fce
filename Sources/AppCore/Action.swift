import Foundation
import StackAPI

/// Something that happened: a key, a resize, a load's result, a signal.
public enum Action: Hashable, Sendable {
    /// The program started: load the first page.
    case start
    /// A key press: goes to the prompt or picker when one is open, else through the keymap.
    case key(Key)
    /// A command, already chosen (tests and the keymap use this).
    case command(Command)
    /// The terminal changed size.
    case resize(Viewport)
    /// A load's value arrived (or why it failed), for the screen waiting for its token (`Effect.load`); a result no
    /// screen waits for is dropped.
    case loaded(LoadToken, LoadResult)
    /// Open a question of the current site by a link to it (the command line's URL); an answer-only link's
    /// question is looked up first.
    case openQuestionLink(questionID: Int?, answerID: Int?)
    /// The question view with id `questionID` was laid out for the screen (off the main thread), measuring `measure`:
    /// the layout step, an action like any result (a new width or new content scrolls back to the anchored paragraph).
    case threadLaidOut(questionID: Int, ThreadMeasure)
    /// The editor closed on the draft of `PostCompose`: the text it left (kept in the store already), or why it
    /// could not run.
    case edited(PostCompose, Result<String, EditorFailure>)
    /// Time to look at the logged-in user's unread inbox again (`Effect.after`).
    case inboxCheckDue
    /// A load has taken long enough to show the loading indicator.
    case loadingIndicatorDue(LoadToken)
    /// A signal that ends the program (SIGTERM, SIGINT, SIGHUP…): quit with exit status 128 + `signal`.
    case terminate(signal: Int32)
    /// The methods the API has paused while our loads wait for them (empty: none any more), once a second.
    case apiPausesChanged([APIPause])
    /// A message for the status line from outside the reducer (config problems, browser launch, clipboard).
    case notify(String, isError: Bool)
    /// The store did not keep the save (or unsave) of `questionID` asked by `Effect.setSaved`, for `SaveRefusal`'s reason.
    case saveRefused(site: String, questionID: Int, saved: Bool, SaveRefusal)
    /// The save (or unsave) of `questionID` asked by `Effect.setSaved` waits for the store, or is kept.
    case saveProgress(site: String, questionID: Int, saved: Bool, SaveProgress)
    /// Questions the live source (`Effect.startLive`) says changed, one entry per question, oldest first.
    case liveActivity([LiveActivity])
    /// The live source's state changed.
    case liveState(LiveStatus)
    /// Questions the live source's poll or gap fill brought for `LiveSubscription` (the API's rows, most recent
    /// activity first), to go to the list like `.liveActivity`.
    case livePolled(LiveSubscription, [Question])
    /// Loads are now answered by the local store (true) or the network again (false).
    case offlineChanged(Bool)
    /// A message that stays on the status line until the next key press, beside any later message (why the config
    /// file was ignored: the network error it causes must not hide it).
    case notice(String)
}
