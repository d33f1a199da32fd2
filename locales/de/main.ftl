# main
