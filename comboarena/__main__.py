from comboarena.cli import main

main()
