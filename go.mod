module github.com/umpire-referee/umpire

go 1.26.8
