/// The new shop's GitHub Actions workflow: check, build and publish on GitHub Pages at every push
/// to `main` and every morning (so promotions start and end on their day), with the picture
/// cache kept between runs.
enum StarterWorkflow {
    static func text(version: String) -> String {
        """
        # Checks and builds the shop with Vitrine and publishes it on GitHub Pages.
        # In the repository's settings, under Pages, choose "GitHub Actions" as the source.
        # Written by `vitrine init` (Vitrine \(version)).
        name: Publish

        on:
          push:
            branches: [main]
          schedule:
            - cron: "0 5 * * *"   # every morning, so promotions start and end on their day
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # Where Vitrine's source lives, and the branch or tag to build.
          VITRINE_REPOSITORY: https://github.com/YOUR-ACCOUNT/vitrine.git
          VITRINE_REF: main

        jobs:
          build:
            runs-on: ubuntu-24.04
            container: swift:6.3-noble
            steps:
              - uses: actions/checkout@v4
              - name: Get Vitrine
                run: |
                  git clone --depth 1 --branch "$VITRINE_REF" "$VITRINE_REPOSITORY" "$RUNNER_TEMP/vitrine"
                  echo "commit=$(git -C "$RUNNER_TEMP/vitrine" rev-parse HEAD)" >> "$GITHUB_OUTPUT"
                  "$RUNNER_TEMP/vitrine/scripts/install-deps.sh" jq
                id: vitrine
              - uses: actions/cache@v4
                with:
                  path: ${{ runner.temp }}/vitrine/.build
                  key: vitrine-${{ steps.vitrine.outputs.commit }}
              - name: Build Vitrine
                run: dirname "$("$RUNNER_TEMP/vitrine/scripts/build-release.sh")" >> "$GITHUB_PATH"
              - uses: actions/configure-pages@v5
                id: pages
              - name: Use the Pages address as baseURL
                run: jq --arg url "${{ steps.pages.outputs.base_url }}/" '.baseURL = $url' Content/site.json > "$RUNNER_TEMP/site.json" && mv "$RUNNER_TEMP/site.json" Content/site.json
              - uses: actions/cache@v4
                with:
                  path: .Output.vitrine-cache/images
                  key: pictures-${{ hashFiles('Content/images/**', 'Content/site.json') }}
                  restore-keys: pictures-
              - run: vitrine check --strict
              - run: vitrine build
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: Output

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - uses: actions/deploy-pages@v4
                id: deployment

        """
    }
}
