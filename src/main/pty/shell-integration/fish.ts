import { scriptText } from './script-text';

/**
 * Fish runs every vendor_conf.d script in its data folders before the user's config.fish; the
 * terminal puts this one's folder first in XDG_DATA_DIRS, and the script puts the variable back.
 */
export const fishIntegration = scriptText`
if set -q TETHER_USER_XDG_DATA_DIRS
  set -gx XDG_DATA_DIRS $TETHER_USER_XDG_DATA_DIRS
else
  set -e XDG_DATA_DIRS
end
set -e TETHER_USER_XDG_DATA_DIRS

if status is-interactive; and not set -q TETHER_SHELL_INTEGRATION_ACTIVE
  set -g TETHER_SHELL_INTEGRATION_ACTIVE 1

  # A value inside a mark: what would end the sequence or split its fields is written as \xHH.
  function __tether_escape
    string replace -a '\\' '\\\\' -- $argv[1] | string replace -a ';' '\\x3b' \
      | string replace -a \e '\\x1b' | string replace -a \a '\\x07' | string replace -a \r '\\x0d' \
      | string join '\\x0a'
  end
  function __tether_mark
    printf '\e]633;%s\a' $argv[1]
  end

  function __tether_preexec --on-event fish_preexec
    set -g __tether_running 1
    __tether_mark "E;"(__tether_escape $argv[1])
    __tether_mark C
  end
  function __tether_postexec --on-event fish_postexec
    set -l exit_status $status
    if set -q __tether_running
      __tether_mark "D;$exit_status"
      set -e __tether_running
    end
  end

  # The user's prompt is defined after this script runs: it is wrapped at the first prompt.
  function __tether_first_prompt --on-event fish_prompt
    functions -e __tether_first_prompt
    functions -c fish_prompt __tether_user_prompt
    function fish_prompt
      __tether_mark "P;Cwd="(__tether_escape $PWD)
      __tether_mark A
      __tether_user_prompt
      __tether_mark B
    end
  end
end
`;
