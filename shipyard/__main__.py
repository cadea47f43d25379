from shipyard.cli import main

main()
