package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// readSettings reads a settings file as an ordered JSON object; a missing or empty
// file is an empty object.
func readSettings(path string) (root *jsonNode, data []byte, err error) {
	data, err = os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(data) == 0) {
		return &jsonNode{isObj: true}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	root, err = parseJSON(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s is not valid JSON (%v); it was left alone", path, err)
	}
	if !root.isObj {
		return nil, nil, fmt.Errorf("%s does not hold a JSON object; it was left alone", path)
	}
	return root, data, nil
}

// writeSettings replaces the file in one step (a half-written settings file would be
// read by the CLI, which watches it), laid out like data was.
func writeSettings(path string, root *jsonNode, data []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".gclaude-settings-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(formatLike(root, data)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// addRuleToFile appends rule to permissions.<behavior> of the file; added is false
// when it was there already.
func addRuleToFile(path, behavior, rule string) (added bool, err error) {
	root, data, err := readSettings(path)
	if err != nil {
		return false, err
	}
	perms := root.get("permissions")
	if perms == nil {
		perms = &jsonNode{isObj: true}
		root.set("permissions", perms)
	} else if !perms.isObj {
		return false, fmt.Errorf("%s: \"permissions\" is not an object; it was left alone", path)
	}
	list := perms.get(behavior)
	if list == nil {
		list = &jsonNode{isArr: true}
		perms.set(behavior, list)
	} else if !list.isArr {
		return false, fmt.Errorf("%s: \"permissions.%s\" is not a list; it was left alone", path, behavior)
	}
	for _, it := range list.items {
		if s, ok := it.str(); ok && s == rule {
			return false, nil
		}
	}
	list.items = append(list.items, stringNode(rule))
	return true, writeSettings(path, root, data)
}

// removeRuleFromFile drops rule from every permissions list of the file.
func removeRuleFromFile(path, rule string) (removed bool, err error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	root, data, err := readSettings(path)
	if err != nil {
		return false, err
	}
	perms := root.get("permissions")
	if perms == nil || !perms.isObj {
		return false, nil
	}
	for _, beh := range behaviours {
		list := perms.get(beh)
		if list == nil || !list.isArr {
			continue
		}
		kept := list.items[:0]
		for _, it := range list.items {
			if s, ok := it.str(); ok && s == rule {
				removed = true
				continue
			}
			kept = append(kept, it)
		}
		list.items = kept
	}
	if !removed {
		return false, nil
	}
	return true, writeSettings(path, root, data)
}
