import { markFunctions } from './mark-functions';
import { scriptText } from './script-text';

/**
 * Bash, started with `--init-file` pointing here instead of at ~/.bashrc: it first does what bash
 * would have done (the login files for a login shell, else ~/.bashrc), so the user's setup runs
 * unchanged, then adds the marks around their prompt and each command.
 */
export const bashIntegration = scriptText`
if [ -n "\${TETHER_SHELL_LOGIN-}" ]; then
  unset TETHER_SHELL_LOGIN
  [ -r /etc/profile ] && . /etc/profile
  for __tether_file in ~/.bash_profile ~/.bash_login ~/.profile; do
    if [ -r "$__tether_file" ]; then . "$__tether_file"; break; fi
  done
  unset __tether_file
else
  [ -r ~/.bashrc ] && . ~/.bashrc
fi

# Only in an interactive shell, and once even if this file is read again.
if [[ $- == *i* && -z \${TETHER_SHELL_INTEGRATION_ACTIVE-} ]]; then
  TETHER_SHELL_INTEGRATION_ACTIVE=1
  # Set, so that an rc file's "set -u" finds nothing unbound here.
  __tether_running= __tether_at_prompt= __tether_last_history= REPLY=

${markFunctions}
  __tether_history_number() {
    local line
    line=$(HISTTIMEFORMAT= builtin history 1)
    [[ $line =~ ^[[:space:]]*([0-9]+) ]] && REPLY=\${BASH_REMATCH[1]} || REPLY=
  }

  # What the user's own PROMPT_COMMAND (string or array) did, run from ours.
  if [[ $(declare -p PROMPT_COMMAND 2>/dev/null) == "declare -a"* ]]; then
    __tether_user_prompt_command=$(IFS=$'\n'; echo "\${PROMPT_COMMAND[*]}")
  else
    __tether_user_prompt_command=\${PROMPT_COMMAND-}
  fi
  __tether_user_debug_trap=$(trap -p DEBUG)
  __tether_user_debug_trap=\${__tether_user_debug_trap#"trap -- '"}
  __tether_user_debug_trap=\${__tether_user_debug_trap%"' DEBUG"}
  __tether_user_debug_trap=\${__tether_user_debug_trap//"'\\''"/"'"}

  __tether_restore_status() { return "$1"; }

  __tether_prompt() {
    local status=$?
    if [[ -n $__tether_running ]]; then
      __tether_mark "D;$status"
      __tether_running=
    fi
    __tether_escape "$PWD"
    __tether_mark "P;Cwd=$REPLY"
    if [[ -n $__tether_user_prompt_command ]]; then
      __tether_restore_status "$status"
      eval "$__tether_user_prompt_command"
    fi
    # A prompt command that rebuilds PS1 each time gets the marks again.
    if [[ $PS1 != *'633;A'* ]]; then
      PS1='\[\e]633;A\a\]'"$PS1"'\[\e]633;B\a\]'
    fi
    __tether_history_number
    __tether_last_history=$REPLY
    __tether_at_prompt=1
    __tether_restore_status "$status"
  }

  # Runs before every simple command; the first one after a prompt is the command line starting.
  __tether_preexec() {
    if [[ -n $__tether_at_prompt && $BASH_COMMAND != __tether_prompt* ]]; then
      __tether_at_prompt=
      __tether_running=1
      local line
      __tether_history_number
      if [[ -n $REPLY && $REPLY != "$__tether_last_history" ]]; then
        line=$(HISTTIMEFORMAT= builtin history 1)
        line=\${line#*[0-9] }
        line=\${line# }
      else
        line=$BASH_COMMAND
      fi
      __tether_escape "$line"
      __tether_mark "E;$REPLY"
      __tether_mark C
    fi
  }

  unset PROMPT_COMMAND
  PROMPT_COMMAND=__tether_prompt
  trap '__tether_preexec; '"$__tether_user_debug_trap" DEBUG
fi
`;
