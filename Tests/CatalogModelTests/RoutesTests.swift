import CatalogModel
import Testing

@Suite struct RoutesTests {
    @Test func relativeRootClimbsOneLevelPerFolder() {
        #expect(Routes.relativeRoot(ofFile: "index.html") == "")
        #expect(Routes.relativeRoot(ofFile: "products/x/index.html") == "../../")
        #expect(Routes.relativeRoot(ofFile: "brands/x/page/2/index.html") == "../../../../")
        #expect(Routes.file(for: Routes.brand(Slug("x")!, page: 2)) == "brands/x/page/2/index.html")
    }
}
