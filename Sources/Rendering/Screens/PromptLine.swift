import AppCore
import TextEngine

/// Draws the open prompt (search or tags) over the status line, with a visible cursor cell.
enum PromptLine {
    static func draw(_ prompt: PromptState, into buffer: inout ScreenBuffer) {
        let y = buffer.height - 1
        buffer.fillRow(y, style: .plain)
        let label = prompt.label
        let labelWidth = buffer.write(label, x: 0, y: y, style: CellStyle(.bold, color: .accent))
        let room = max(1, buffer.width - labelWidth - 1)
        let visible = LineEditorView.visible(prompt.editor, width: room)
        buffer.write(visible.text, x: labelWidth, y: y)
        let cursorX = min(buffer.width - 1, labelWidth + visible.cursorColumn)
        var cell = buffer[cursorX, y]
        if cell.text.isEmpty || cell.text == " " { cell.text = " " }
        cell.style = CellStyle(.reverse)
        buffer[cursorX, y] = cell
    }
}
