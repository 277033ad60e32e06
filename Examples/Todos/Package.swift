// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Todos",
  products: [.executable(name: "todos", targets: ["TodosREPL"])],
  dependencies: [.package(name: "dex", path: "../..")],
  targets: [
    .target(
      name: "Todos", dependencies: [.product(name: "Composable", package: "dex")],
      plugins: [.plugin(name: "CaseTablePlugin", package: "dex")]),
    .executableTarget(
      name: "TodosREPL", dependencies: ["Todos", .product(name: "DexREPLCore", package: "dex")]),
  ],
  swiftLanguageModes: [.v6]
)
