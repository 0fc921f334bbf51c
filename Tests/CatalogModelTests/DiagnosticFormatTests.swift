import CatalogModel
import Testing

@Suite struct DiagnosticFormatTests {
    let diagnostic = Diagnostic.error("price: \"free\" is not a decimal amount; write e.g. 12.50", at: SourceLocation(path: "Content/products/x.md", line: 3, column: 5))

    @Test func workflowCommandCarriesFileLineAndColumn() {
        #expect(diagnostic.workflowCommand(path: "shop/Content/products/x.md")
            == "::error file=shop/Content/products/x.md,line=3,col=5::price: \"free\" is not a decimal amount; write e.g. 12.50")
        let warning = Diagnostic.warning("ignored", at: SourceLocation(path: "Content/products/a"))
        #expect(warning.workflowCommand(path: "Content/products/a") == "::warning file=Content/products/a::ignored")
        let lineOnly = Diagnostic.error("bad", at: SourceLocation(path: "T/page.mustache", line: 4))
        #expect(lineOnly.workflowCommand(path: "T/page.mustache") == "::error file=T/page.mustache,line=4::bad")
    }

    /// `%`, CR and LF are escaped everywhere; `:` and `,` only in properties, where they would end the value.
    @Test func workflowCommandEscapesAsGitHubReadsIt() {
        let tricky = Diagnostic.error("50% off:\r\nline, two", at: SourceLocation(path: "C/a,b:c%.md", line: 1, column: 2))
        #expect(tricky.workflowCommand(path: "C/a,b:c%.md") == "::error file=C/a%2Cb%3Ac%25.md,line=1,col=2::50%25 off:%0D%0Aline, two")
    }

    @Test func jsonHasEveryFieldAndLeavesOutUnknownPositions() {
        #expect(diagnostic.jsonValue.encoded()
            == #"{"column":5,"line":3,"message":"price: \"free\" is not a decimal amount; write e.g. 12.50","path":"Content/products/x.md","severity":"error"}"#)
        let fileOnly = Diagnostic.warning("ignored", at: SourceLocation(path: "Content/x"))
        #expect(fileOnly.jsonValue.encoded() == #"{"message":"ignored","path":"Content/x","severity":"warning"}"#)
    }
}
