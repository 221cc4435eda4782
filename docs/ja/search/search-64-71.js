(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-71.js"]={"dqn":"hjaSnT$$$$$$$$$$<$$$$$0$$$$iT0$0$$$$$$$$$$$$$$$$$<$$$$$$$$$$o/bd/","dqn_cartpole":"yka/","dqn_results":"yka/"};
