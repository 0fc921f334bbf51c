@testable import ContentEditor
import Testing

@Suite("A variant table following its option names")
struct RowTableTests {
    let columns = ["sku", "shade", "size", "price"]

    func names(shown: [String]?, slots: [String]) -> [String] {
        RowTable.followedColumns(columns, shown: shown, slots: slots).map(\.name)
    }

    @Test func aRenamedOptionTakesItsColumnAndANewOneComesAfterTheOthers() {
        let renamed = RowTable.followedColumns(columns, shown: ["shade", "size", ""], slots: ["tone", "size", ""])
        #expect(renamed.map(\.name) == ["sku", "tone", "size", "price"])
        #expect(renamed[1].from == "shade")
        #expect(names(shown: ["shade", "size", ""], slots: ["shade", "size", "finish"]) == ["sku", "shade", "size", "finish", "price"])
        // The first option of a table without one goes after the SKU.
        #expect(RowTable.followedColumns(["sku", "price"], shown: ["", "", ""], slots: ["shade", "", ""]).map(\.name) == ["sku", "shade", "price"])
    }

    @Test func swappedOptionsKeepTheirColumnsAndAClearedOneLosesIt() {
        #expect(names(shown: ["shade", "size", ""], slots: ["size", "shade", ""]) == columns)
        #expect(names(shown: ["shade", "size", ""], slots: ["", "size", ""]) == ["sku", "size", "price"])
        // Without the boxes' earlier names (a form from elsewhere) nothing is dropped.
        #expect(names(shown: nil, slots: ["tone", "", ""]) == ["sku", "tone", "shade", "size", "price"])
    }

    @Test func namesThatCannotBeColumnsGetNone() {
        // A variant's own key, a separator of the form's marker, a name given twice.
        #expect(names(shown: ["shade", "size", ""], slots: ["shade", "size", "price"]) == columns)
        #expect(names(shown: ["shade", "size", ""], slots: ["shade", "size", "a,b"]) == columns)
        #expect(names(shown: ["shade", "size", ""], slots: ["shade", "shade", ""]) == ["sku", "shade", "price"])
    }

    @Test func formActionsReadBackTheirButtonsValues() {
        for action in [FormAction.updateOptions, .addRow("variants"), .removeRow("stores", 2)] {
            #expect(FormAction(action.value) == action)
        }
        #expect(FormAction(nil) == .save)
        #expect(FormAction("remove:variants:-1") == .save)
        #expect(FormAction("delete") == .save)
    }
}
