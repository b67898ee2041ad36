"""Allow `python -m scaffold` as well as the `scaffold` console script."""

from scaffold.cli.app import main

if __name__ == "__main__":
    main()
