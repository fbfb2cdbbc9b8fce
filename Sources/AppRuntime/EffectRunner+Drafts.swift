import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// Answers and comments written in `$EDITOR` (`Effect.editPost`): the draft the store keeps (or the preview's
/// text) opens in the editor with the terminal handed over; what it leaves is kept in the store at once — before
/// the reducer hears of it — so nothing typed is lost whatever happens next (a posted one's draft is forgotten: `Memory.draftPosted`).
extension EffectRunner {
    func editPost(_ request: EditRequest) {
        if let text = request.text { return runEditor(request, text: text) }
        guard let local else { return runEditor(request, text: "") }
        local.draft(of: request.compose) { [weak self] result in
            self?.runEditor(request, text: ((try? result.get()) ?? nil) ?? "")
        }
    }

    private func runEditor(_ request: EditRequest, text: String) {
        let result = DraftEditor.edit(request, text: text, environment: ProcessInfo.processInfo.environment, handOver: handOver)
        if case .success(let written) = result, !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            local?.keepDraft(of: request.compose, text: written)
        }
        send(.edited(request.compose, result))
    }
}
