module github.com/cairn-storage/cairn-go

go 1.23
